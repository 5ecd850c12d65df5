"""The session's key: the cookie alone opens nothing under /v1, a page of another
port of 127.0.0.1 (to which the browser sends the cookie too) reads and changes
nothing, and the daemon's own tabs share the key."""

import http.server
import threading

import pytest

from conftest import Center

ATTACK_PAGE = """<!doctype html>
<html><body>
<iframe name="sink" id="sink"></iframe>
<form id="forge" method="post" target="sink" enctype="text/plain" action="DAEMON/v1/apps">
<input name='{"identifier":"com.evil.form","name":"Evil","x":"' value='"}'>
</form>
<script>
window.results = {};
const daemon = 'DAEMON';
async function attempt(name, work) {
  try { results[name] = await work(); } catch (error) { results[name] = 'blocked'; }
}
async function run() {
  await attempt('corsGet', async () => {
    const r = await fetch(daemon + '/v1/apps', {credentials: 'include'});
    return 'read ' + r.status + ' ' + await r.text();
  });
  await attempt('opaqueGet', async () => {
    const r = await fetch(daemon + '/v1/apps', {credentials: 'include', mode: 'no-cors'});
    return r.type + ' ' + r.status + ' ' + (await r.text()).length;
  });
  await attempt('opaquePost', async () => {
    const r = await fetch(daemon + '/v1/apps', {method: 'POST', credentials: 'include', mode: 'no-cors',
      headers: {'Content-Type': 'text/plain'}, body: JSON.stringify({identifier: 'com.evil.fetch', name: 'Evil'})});
    return r.type;
  });
  await attempt('corsPost', async () => {
    const r = await fetch(daemon + '/v1/apps', {method: 'POST', credentials: 'include',
      headers: {'Content-Type': 'application/json', 'X-Herald-Key': 'hsk_guess'},
      body: JSON.stringify({identifier: 'com.evil.cors', name: 'Evil'})});
    return 'read ' + r.status;
  });
  results.socket = await new Promise((resolve) => {
    const socket = new WebSocket(daemon.replace('http:', 'ws:') + '/v1/events', ['herald', 'herald-key.hsk_guess']);
    socket.onopen = () => resolve('open');
    socket.onclose = (event) => resolve('closed ' + event.code);
  });
  results.key = sessionStorage.getItem('herald.sessionKey');
  document.getElementById('sink').addEventListener('load', () => { results.done = true; }, {once: true});
  document.getElementById('forge').submit();
}
run();
</script>
</body></html>
"""


@pytest.fixture
def attack_site(daemon):
    """A web server on another port of 127.0.0.1, serving a page that attacks the daemon."""
    body = ATTACK_PAGE.replace("DAEMON", daemon.url).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/attack.html"
    server.shutdown()


def key_of(driver):
    return driver.execute_script("return sessionStorage.getItem('herald.sessionKey')")


def test_the_cookie_without_the_key_opens_nothing(center):
    result = center.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const get = await fetch('/v1/apps', {credentials: 'same-origin'});
          const post = await fetch('/v1/apps/none/badge', {method: 'PUT', credentials: 'same-origin',
            headers: {'Content-Type': 'application/json'}, body: '{"badge": 1}'});
          const keyed = await fetch('/v1/apps', {headers: {'X-Herald-Key': sessionStorage.getItem('herald.sessionKey')}});
          const stream = (protocols) => new Promise((resolve) => {
            const socket = new WebSocket(`ws://${location.host}/v1/events`, protocols);
            socket.onopen = () => { resolve('open'); socket.close(); };
            socket.onclose = (event) => resolve('closed ' + event.code);
          });
          done({
            get: [get.status, (await get.json()).error.code],
            post: [post.status, (await post.json()).error.code],
            keyed: keyed.status,
            bare: await stream([]),
            keyedStream: await stream(['herald', 'herald-key.' + sessionStorage.getItem('herald.sessionKey')]),
          });
        })();
    """)
    assert result == {"get": [401, "sessionKeyRequired"], "post": [401, "sessionKeyRequired"], "keyed": 200,
                      "bare": "closed 1006", "keyedStream": "open"}


def test_a_page_of_another_port_reads_and_changes_nothing(center, attack_site):
    center_tab = center.driver.current_window_handle
    center.driver.switch_to.new_window("tab")
    center.driver.get(attack_site)
    center.wait(20).until(lambda d: d.execute_script("return window.results && window.results.done === true"))
    results = center.driver.execute_script("return window.results")
    # The browser reports each refused cross-origin read as an error of the attacking page: expected here.
    errors = [entry["message"] for entry in center.driver.get_log("browser") if entry["source"] == "javascript"]
    assert all(message.startswith(attack_site) and "CORS policy" in message for message in errors), errors
    assert results["corsGet"] == "blocked"
    assert results["opaqueGet"] in ("blocked", "opaque 0 0"), "unreadable (or refused by Cross-Origin-Resource-Policy)"
    assert results["corsPost"] == "blocked"
    assert results["socket"] == "closed 1006"
    assert results["key"] is None, "another port's sessionStorage is another origin's"
    names = [app["identifier"] for app in center.daemon.request("GET", "/v1/apps")["apps"]]
    assert not [name for name in names if name.startswith("com.evil")], names
    # The center is still signed in and live.
    center.driver.close()
    center.driver.switch_to.window(center_tab)
    center.driver.execute_script("window.herald.reconnect()")
    center.wait_live()


def test_a_new_tab_gets_the_key_from_an_open_one(center):
    key = key_of(center.driver)
    assert key.startswith("hsk_")
    first = center.driver.current_window_handle
    center.driver.switch_to.new_window("tab")
    center.driver.get(center.daemon.url + "/")
    center.wait_live()
    assert key_of(center.driver) == key
    center.driver.close()
    center.driver.switch_to.window(first)


def test_a_tab_with_the_cookie_and_no_key_goes_to_the_sign_in_page(center):
    center.driver.execute_script("sessionStorage.clear()")
    center.driver.get(center.daemon.url + "/")
    center.wait(20).until(lambda d: d.current_url.startswith(center.daemon.url + "/login?next="))
    center.present("#signin-form")
    assert center.find("#refused").get_attribute("hidden") is not None, "not a refusal: this tab was never given the key"
    assert center.find('input[name="next"]').get_attribute("value") == "/"


def test_signing_in_again_hands_the_new_key_to_the_open_tabs(daemon, desktop):
    center = Center(daemon, desktop)
    old = key_of(desktop)
    first = desktop.current_window_handle
    desktop.switch_to.new_window("tab")
    desktop.get(daemon.login_url)
    center.wait_live()
    new = key_of(desktop)
    assert new != old
    desktop.close()
    desktop.switch_to.window(first)
    # The first tab's cookie now names the new session: it holds the new key and keeps working.
    center.wait().until(lambda d: key_of(d) == new)
    status = desktop.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import('/ui/common/api.js').then(({ api }) => api('GET', '/v1/apps')).then(() => done('ok'), (e) => done(e.code));
    """)
    assert status == "ok"


def test_signing_out_forgets_the_key_and_shows_the_sign_in_page(center):
    key = key_of(center.driver)
    center.find("#sign-out").click()
    # The daemon closes the page's stream as it ends the session, and the page may show
    # the sign-in form for that before it has forgotten the key: wait for both.
    center.wait(60).until(lambda d: key_of(d) is None)
    center.present("#signin-form")
    answer = center.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/v1/apps', {headers: {'X-Herald-Key': arguments[0]}}).then((r) => done(r.status));
    """, key)
    assert answer == 401, "the session ended: its key opens nothing"
