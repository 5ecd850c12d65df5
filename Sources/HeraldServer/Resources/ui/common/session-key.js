/*
 * The browser session's key: what every call to the daemon and every event
 * stream carries beside the session cookie. The cookie alone opens only pages:
 * browsers send it to every port of this host, whichever page makes the request.
 *
 * Where the key lives. A sign-in answers a page holding it (/ui/signin/signed-in.js),
 * which keeps it in this tab's sessionStorage: kept per origin, port included,
 * so no page of another port reads it, and per tab, surviving reloads and
 * navigation within the tab. A tab opened later asks the daemon's other open
 * tabs for it over a BroadcastChannel (per origin too). Each tab that holds the
 * key holds a shared Web Lock, so a tab that asks knows at once whether any tab
 * can answer; with none, it goes to the sign-in page: the daemon never gives the
 * key for the cookie alone.
 *
 * A new sign-in in this browser replaces the cookie, so it hands its key to
 * every open tab. A call refused with `sessionKeyRequired` (this tab held another
 * session's key, say) asks the other tabs once for a key other than its own.
 */

const STORAGE = 'herald.sessionKey';
const CHANNEL = 'herald.session';
const LOCK = 'herald.session-key';
/** How long to wait for an answer when Web Locks cannot tell whether a tab holds a key (not a secure context). */
const BLIND_WAIT = 1500;
/** How long to wait for the tabs that hold a key to answer: at once, unless the browser froze them. */
const HOLDER_WAIT = 10000;
/** A key: `hsk_` and 256 bits in base64url. */
const KEY_PATTERN = /^hsk_[A-Za-z0-9_-]{43}$/;

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
let lockRequested = false;
let lockHeld = false;

/** This tab's key, or null. */
export function currentKey() {
  const key = sessionStorage.getItem(STORAGE);
  return key && KEY_PATTERN.test(key) ? key : null;
}

/** Holds the shared lock that tells new tabs this one can give them the key, until the tab closes or leaves. */
function holdLock() {
  if (lockRequested || !navigator.locks) return;
  lockRequested = true;
  navigator.locks.request(LOCK, { mode: 'shared' }, () => {
    lockHeld = true;
    return new Promise(() => {});
  });
}

function keep(key) {
  sessionStorage.setItem(STORAGE, key);
  holdLock();
}

// A page loaded in a tab that already holds the key (a reload, a link followed).
if (currentKey()) holdLock();

channel?.addEventListener('message', ({ data }) => {
  if (data?.type === 'ask') {
    const key = currentKey();
    if (key) channel.postMessage({ type: 'key', id: data.id, key });
  } else if (data?.type === 'signed-in' && KEY_PATTERN.test(data.key)) {
    keep(data.key);
  }
});

/** Forgets this tab's key: the session was signed out. */
export function forgetKey() {
  sessionStorage.removeItem(STORAGE);
}

/** Keeps the key a sign-in gave this tab, and hands it to the other open tabs. */
export function adoptKey(key) {
  if (!KEY_PATTERN.test(key)) return;
  keep(key);
  channel?.postMessage({ type: 'signed-in', key });
}

/** How many other tabs hold a key; null when Web Locks are not available. */
async function otherHolders() {
  if (!navigator.locks) return null;
  const { held } = await navigator.locks.query();
  return held.filter((lock) => lock.name === LOCK).length - (lockHeld ? 1 : 0);
}

/**
 * Asks the daemon's other open tabs for a key other than `failed`, keeps the
 * first one given in this tab and resolves to it; null when no tab has one.
 */
export async function keyFromOtherTabs(failed = null) {
  const holders = channel ? await otherHolders() : 0;
  if (holders === 0) return null;
  const id = `${Date.now()}-${Math.random()}`;
  return new Promise((resolve) => {
    let answers = 0;
    const finish = (key) => {
      channel.removeEventListener('message', listen);
      clearTimeout(timer);
      resolve(key);
    };
    const listen = ({ data }) => {
      if (data?.type !== 'key' || data.id !== id || !KEY_PATTERN.test(data.key)) return;
      if (data.key !== failed) {
        keep(data.key);
        finish(data.key);
      } else if (++answers >= holders) {
        finish(null);
      }
    };
    const timer = setTimeout(() => finish(null), holders === null ? BLIND_WAIT : HOLDER_WAIT);
    channel.addEventListener('message', listen);
    channel.postMessage({ type: 'ask', id });
  });
}

let asking = null;

/** The key to call the daemon with: this tab's, else another open tab's; null when there is none. */
export async function sessionKey() {
  const key = currentKey();
  if (key) return key;
  asking ??= keyFromOtherTabs().finally(() => { asking = null; });
  return asking;
}

/** Goes to the sign-in page, which comes back to this page once signed in. */
export function signInAgain() {
  const next = window.location.pathname + window.location.search;
  window.location.assign(`/login?next=${encodeURIComponent(next)}`);
}
