/// An app's page: its HTML document and the script and style sheet it loads, served
/// at `/apps/{slug}/`, `/apps/{slug}/page.js` and `/apps/{slug}/page.css`. The
/// document holds no inline script or style, so the daemon's Content-Security-Policy
/// can forbid them.
public struct AppPage: Sendable {
    /// The HTML document. A comment at its top lists the element ids and classes
    /// browser tests can rely on.
    public let html: String
    /// The page's JavaScript.
    public let script: String
    /// The page's CSS.
    public let style: String
}

/// What the three pages share: the HTML skeleton, the style sheet, and the
/// script that calls the app's API and listens to its event stream.
enum PageTemplate {
    /// An app's page.
    ///
    /// - Parameters:
    ///   - slug: The app's URL segment, where the page's script and style sheet are served.
    ///   - title: The app's name, for `<title>` and the heading.
    ///   - selectors: The comment listing the ids and classes tests rely on.
    ///   - style: The page's own CSS, after the shared sheet.
    ///   - body: The page's content, after the heading and before the shared
    ///     notice and error areas.
    ///   - script: The page's own script; it defines `refresh()` (fetch and show
    ///     the state) and may define `onMessage(message)` for its own message types.
    static func document(slug: String, title: String, selectors: String, style: String, body: String, script: String) -> AppPage {
        AppPage(
            html: html(slug: slug, title: title, selectors: selectors, body: body),
            script: sharedScript + "\n" + script + "\nstart();\n",
            style: sharedStyle + "\n" + style)
    }

    private static func html(slug: String, title: String, selectors: String, body: String) -> String {
        """
        <!doctype html>
        <!--
        \(selectors)
        Shared by every Herald app page:
          #permission  why reminders cannot be set yet (hidden when they can)
          #notices     aria-live area; each in-page notification is a .notice with .notice-title, .notice-body, button.notice-close
          #error       role=alert; the last failed action's message
          #connection  shown while the live connection is down
          body[data-connection]  "connecting", "foreground" (the app is in the foreground: its
                       notifications arrive in the page) or "closed"
        -->
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title) · Herald</title>
        <link rel="stylesheet" href="/apps/\(slug)/page.css">
        <script src="/apps/\(slug)/page.js" defer></script>
        </head>
        <body>
        <main>
        <header><h1>\(title)</h1><a class="home" href="/">Notification center</a></header>
        <p id="permission" hidden></p>
        <div id="notices" aria-live="polite" aria-atomic="false"></div>
        \(body)
        <p id="error" role="alert" hidden></p>
        <p id="connection" hidden>Reconnecting…</p>
        </main>
        </body>
        </html>
        """
    }

    static let sharedStyle = #"""
    :root { color-scheme: light dark; --accent: #0a66c2; --danger: #c62828; --muted: #6b6b6b;
      --surface: #f4f5f7; --border: #d0d4da; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
    @media (prefers-color-scheme: dark) {
      :root { --accent: #6cb2ff; --danger: #ff6b6b; --muted: #a0a0a0; --surface: #23262b; --border: #3a3f46; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; line-height: 1.45; }
    main { max-width: 36rem; margin: 0 auto; padding: 1rem; }
    header { display: flex; align-items: baseline; justify-content: space-between; gap: 0 1rem; flex-wrap: wrap;
      margin-bottom: 1rem; }
    h1 { margin: .25rem 0; font-size: 1.6rem; }
    h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
    a.home { color: var(--accent); font-size: .9rem; }
    form.row, .row { display: flex; gap: .5rem; flex-wrap: wrap; align-items: center; }
    label { font-weight: 600; }
    .row label { flex-basis: 100%; }
    input { flex: 1 1 12rem; min-height: 2.75rem; padding: .5rem .75rem; font: inherit;
      border: 1px solid var(--border); border-radius: .5rem; background: Canvas; color: CanvasText; }
    button { min-height: 2.75rem; padding: .5rem 1rem; font: inherit; border-radius: .5rem; cursor: pointer;
      border: 1px solid var(--accent); background: var(--accent); color: #fff; }
    button.secondary { background: transparent; color: var(--accent); }
    button.danger { border-color: var(--danger); background: transparent; color: var(--danger); }
    button:disabled { opacity: .5; cursor: not-allowed; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    ul.list, ol.list { list-style: none; margin: .75rem 0 0; padding: 0; border: 1px solid var(--border); border-radius: .75rem;
      overflow: hidden; }
    .list li { display: flex; align-items: center; gap: .75rem; padding: .6rem .75rem; border-top: 1px solid var(--border); }
    .list li:first-child { border-top: none; }
    .list li > .grow { flex: 1; min-width: 0; overflow-wrap: anywhere; }
    .empty { color: var(--muted); font-style: italic; }
    .hint { color: var(--muted); font-size: .9rem; margin: .25rem 0; }
    #permission { padding: .75rem; border-radius: .5rem; background: var(--surface); border-left: 4px solid var(--accent); }
    #error { color: var(--danger); font-weight: 600; }
    #connection { color: var(--muted); font-size: .9rem; }
    #notices { display: grid; gap: .5rem; margin-bottom: .5rem; }
    .notice { display: flex; gap: .75rem; align-items: flex-start; padding: .75rem; border-radius: .75rem;
      background: var(--surface); border: 1px solid var(--border); box-shadow: 0 2px 8px rgb(0 0 0 / .12); }
    .notice > div { flex: 1; }
    .notice-title { font-weight: 700; display: block; }
    .notice button { min-height: 2rem; padding: .25rem .6rem; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    """#

    static let sharedScript = #"""
    "use strict";
    const base = location.pathname.endsWith('/') ? location.pathname : location.pathname + '/';

    /** Runs an action of the app's API; resolves to its JSON reply, rejects with its error message. */
    async function api(action, body) {
      const response = await fetch(base + 'api/' + action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Herald-CSRF': '1' },
        body: JSON.stringify(body === undefined ? null : body),
        credentials: 'same-origin',
      });
      let reply = null;
      try { reply = await response.json(); } catch (_) { reply = null; }
      if (!response.ok) {
        throw new Error((reply && reply.error && reply.error.message) || ('The request failed (HTTP ' + response.status + ').'));
      }
      return reply;
    }

    /** Runs `work`, showing its failure in #error; clears the error when it succeeds. */
    async function attempt(work) {
      const error = document.getElementById('error');
      try {
        const result = await work();
        error.hidden = true;
        error.textContent = '';
        return result;
      } catch (failure) {
        error.textContent = failure.message;
        error.hidden = false;
        return undefined;
      }
    }

    /** Shows why reminders cannot be set, from the state's "notifications" field. */
    function showPermission(status, appName) {
      const element = document.getElementById('permission');
      const texts = {
        waiting: appName + ' is waiting for you to allow its notifications: answer the prompt in the Herald notification center.',
        denied: 'Notifications are turned off for ' + appName + '. Turn them on in the Herald notification center’s settings.',
      };
      element.textContent = texts[status] || '';
      element.hidden = !texts[status];
    }

    /** Shows a notification that arrived while the page is open. */
    function showNotice(message) {
      const notice = document.createElement('div');
      notice.className = 'notice';
      const text = document.createElement('div');
      const title = document.createElement('strong');
      title.className = 'notice-title';
      title.textContent = message.title || '';
      const body = document.createElement('span');
      body.className = 'notice-body';
      body.textContent = message.body || '';
      text.append(title, body);
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'notice-close secondary';
      close.textContent = 'Dismiss';
      close.setAttribute('aria-label', 'Dismiss notification: ' + (message.body || message.title || ''));
      close.addEventListener('click', () => notice.remove());
      notice.append(text, close);
      document.getElementById('notices').prepend(notice);
    }

    /**
     * Listens to the app's events, reconnecting with backoff; fetches the state on every (re)connection.
     * The app is in the foreground while a page is connected, so the page lets go of its connection when
     * it is hidden (`pagehide`: navigating away, even into the back-forward cache) and connects again when
     * it is shown (`pageshow`). `body[data-connection]` says where it stands: "connecting", "foreground"
     * (the daemon's `{"type": "foreground"}`: the app is now in the foreground) or "closed".
     */
    const connection = { socket: null, retry: null, delay: 500, hidden: false };

    function setConnection(stateName) {
      document.body.dataset.connection = stateName;
      document.getElementById('connection').hidden = stateName !== 'closed' || connection.hidden;
    }

    function connect() {
      clearTimeout(connection.retry);
      connection.retry = null;
      const socket = new WebSocket((location.protocol === 'https:' ? 'wss' : 'ws') + '://' + location.host + base + 'events');
      connection.socket = socket;
      setConnection('connecting');
      socket.addEventListener('open', () => {
        connection.delay = 500;
        refresh();
      });
      socket.addEventListener('message', (event) => {
        let message;
        try { message = JSON.parse(event.data); } catch (_) { return; }
        if (message.type === 'foreground') {
          setConnection('foreground');
          return;
        }
        if (message.type === 'notification') showNotice(message);
        if (typeof onMessage === 'function') onMessage(message);
        refresh();
      });
      socket.addEventListener('close', (event) => {
        if (connection.socket !== socket) return;
        connection.socket = null;
        setConnection('closed');
        // 4401: this browser's session ended; the notification center shows the sign-in page.
        if (event.code === 4401) { location.assign('/'); return; }
        if (connection.hidden) return;
        connection.retry = setTimeout(connect, connection.delay);
        connection.delay = Math.min(connection.delay * 2, 15000);
      });
    }

    function listen() {
      window.addEventListener('pagehide', () => {
        connection.hidden = true;
        clearTimeout(connection.retry);
        connection.retry = null;
        const socket = connection.socket;
        connection.socket = null;
        if (socket) socket.close(1000, 'page hidden');
        setConnection('closed');
      });
      window.addEventListener('pageshow', () => {
        connection.hidden = false;
        if (!connection.socket) connect();
      });
      connect();
    }

    /** Formats an ISO date for people, in the browser's zone. */
    function formatDate(iso) {
      return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    }

    /** The ISO date of a datetime-local input, or null when it is empty or invalid. */
    function localInputDate(input) {
      if (!input.value) return null;
      const date = new Date(input.value);
      return isNaN(date.getTime()) ? null : date.toISOString();
    }

    /** A datetime-local value for `date`, in the browser's zone, to the minute. */
    function localInputValue(date) {
      const pad = (n) => String(n).padStart(2, '0');
      return date.getFullYear() + '-' + pad(date.getMonth() + 1) + '-' + pad(date.getDate()) + 'T' + pad(date.getHours()) + ':' + pad(date.getMinutes());
    }

    function start() {
      refresh();
      listen();
    }
    """#
}
