/*
 * A live stream of the daemon's JSON messages over a WebSocket, kept open: the
 * notification center's `/v1/events` and an app page's `/apps/{slug}/events`.
 *
 * Reconnecting. When the socket drops, the stream connects again after a delay
 * that doubles from `firstDelay` (500 ms) up to `maxDelay` (15 s), with ±20 %
 * jitter so that many pages do not come back at once; a connection that opens
 * resets it. A close with 4401 means the credential the socket was opened with
 * was revoked (the browser's session ended): the stream stops and calls
 * `revoked`, since reconnecting would only be refused.
 *
 * Resuming. Messages that carry a numeric `sequence` (the daemon's events do)
 * are counted: the stream remembers the last one and reconnects with
 * `?after=<last sequence>`, so the daemon first sends what the page missed while
 * it was away, if it still keeps it (its last 1,024 events). A message whose
 * number does not follow the last one — the daemon no longer kept what was
 * missed, or it restarted and numbers from 1 again — calls `gap` before the
 * message is handed on: the page must read its state again.
 *
 * The session's key. A browser cannot set headers on a WebSocket, so the stream
 * offers two protocols: `herald`, which the daemon answers with, and
 * `herald-key.<key>`, which carries the key (./session-key.js). A tab without a
 * key goes to the sign-in page.
 *
 * Handlers (all optional): `open({resumed})` each time a socket opens,
 * `message(data)` for each JSON message, `gap()`, `state(name, detail)` with
 * "connecting", "open", "waiting" ({delay} in ms until the next try), "stopped"
 * or "revoked", and `revoked()`.
 */

import { sessionKey, signInAgain } from './session-key.js';

/** The close code of a stream whose credential was revoked. */
export const CLOSE_REVOKED = 4401;
/** The protocol the daemon answers a page's stream with. */
const PROTOCOL = 'herald';

export class EventStream {
  /**
   * @param {string} path The stream's path on the daemon, such as `/v1/events`; it may hold a query.
   * @param {object} handlers See the file's comment.
   * @param {{firstDelay?: number, maxDelay?: number}} options Reconnection delays, in milliseconds.
   */
  constructor(path, handlers = {}, { firstDelay = 500, maxDelay = 15000 } = {}) {
    this.path = path;
    this.handlers = handlers;
    this.firstDelay = firstDelay;
    this.maxDelay = maxDelay;
    this.socket = null;
    this.lastSequence = null;
    this.retries = 0;
    this.timer = null;
    this.running = false;
    this.connecting = 0;
  }

  /** The address of the next connection: the path, with `after` once a numbered message was seen. */
  url() {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    let path = this.path;
    if (this.lastSequence !== null) {
      path += `${path.includes('?') ? '&' : '?'}after=${encodeURIComponent(this.lastSequence)}`;
    }
    return `${scheme}://${window.location.host}${path}`;
  }

  /** Connects, unless the stream is already running. */
  start() {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  /** Closes the socket and stops reconnecting; `start` resumes after the last message seen. */
  stop() {
    this.running = false;
    this.cancelRetry();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'stopped');
    this.emitState('stopped');
  }

  /** Closes the socket and connects again at once (the console's and the tests' hook). */
  reconnect() {
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'reconnecting');
    this.retries = 0;
    this.running = true;
    this.connect();
  }

  async connect() {
    this.cancelRetry();
    const attempt = ++this.connecting;
    const key = await sessionKey();
    if (!this.running || attempt !== this.connecting) return;
    if (!key) {
      this.running = false;
      this.emitState('stopped');
      signInAgain();
      return;
    }
    const resumed = this.lastSequence !== null;
    const socket = new WebSocket(this.url(), [PROTOCOL, `herald-key.${key}`]);
    this.socket = socket;
    this.emitState('connecting');
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.retries = 0;
      this.emitState('open');
      this.handlers.open?.({ resumed });
    });
    socket.addEventListener('message', (event) => {
      if (this.socket !== socket) return;
      let data;
      try { data = JSON.parse(event.data); } catch { return; }
      this.receive(data);
    });
    socket.addEventListener('close', (event) => this.closed(socket, event.code));
  }

  /** Counts a numbered message, reports a gap before it, and hands it on. */
  receive(data) {
    if (typeof data?.sequence === 'number') {
      const last = this.lastSequence;
      this.lastSequence = data.sequence;
      if (last !== null && data.sequence !== last + 1) this.handlers.gap?.();
    }
    this.handlers.message?.(data);
  }

  closed(socket, code) {
    if (this.socket !== socket) return;
    this.socket = null;
    if (code === CLOSE_REVOKED) {
      this.running = false;
      this.emitState('revoked');
      this.handlers.revoked?.();
      return;
    }
    if (!this.running) return;
    const delay = Math.min(this.maxDelay, this.firstDelay * 2 ** this.retries) * (0.8 + Math.random() * 0.4);
    this.retries += 1;
    this.timer = setTimeout(() => this.connect(), delay);
    this.emitState('waiting', { delay });
  }

  cancelRetry() {
    clearTimeout(this.timer);
    this.timer = null;
  }

  emitState(name, detail = {}) {
    this.handlers.state?.(name, detail);
  }
}
