/*
 * What every bundled app's page (`/apps/{slug}/`) shares: calling the app's
 * actions, showing their failures, its notices and permission state, and the
 * live connection that keeps the app in the foreground while the page is open.
 *
 * The page's HTML provides (and tests rely on):
 *   #permission  why reminders cannot be set yet (hidden when they can)
 *   #notices     aria-live area; each in-page notification is a .notice with .notice-title, .notice-body, button.notice-close
 *   #error       role=alert; the last failed action's message
 *   #connection  shown while the live connection is down
 *   body[data-connection]  "connecting", "foreground" (the app is in the foreground: its
 *                notifications arrive in the page) or "closed"
 *   window.herald  {events, refresh()} for the console and tests: the page's EventStream
 */

import { api } from '../common/api.js';
import { EventStream } from '../common/event-stream.js';

const base = window.location.pathname.endsWith('/') ? window.location.pathname : `${window.location.pathname}/`;

/** Runs an action of the app's API (`POST /apps/{slug}/api/{action}`); resolves to its JSON reply. */
export function action(name, body) {
  return api('POST', `${base}api/${encodeURIComponent(name)}`, body === undefined ? null : body);
}

/** Runs `work`, showing its failure in #error; clears the error when it succeeds. */
export async function attempt(work) {
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

/** Shows `message` in #error, as a failed action would. */
export const fail = (message) => attempt(() => { throw new Error(message); });

/** Shows why reminders cannot be set, from the state's "notifications" field. */
export function showPermission(status, appName) {
  const element = document.getElementById('permission');
  const texts = {
    waiting: `${appName} is waiting for you to allow its notifications: answer the prompt in the Herald notification center.`,
    denied: `Notifications are turned off for ${appName}. Turn them on in the Herald notification center’s settings.`,
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
  close.setAttribute('aria-label', `Dismiss notification: ${message.body || message.title || ''}`);
  close.addEventListener('click', () => notice.remove());
  notice.append(text, close);
  document.getElementById('notices').prepend(notice);
}

/** Formats an ISO date for people, in the browser's zone. */
export function formatDate(iso) {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The ISO date of a datetime-local input, or null when it is empty or invalid. */
export function localInputDate(input) {
  if (!input.value) return null;
  const date = new Date(input.value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A datetime-local value for `date`, in the browser's zone, to the minute. */
export function localInputValue(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Sets a datetime-local input to the start of the next hour. */
export function proposeNextHour(input) {
  const nextHour = new Date();
  nextHour.setHours(nextHour.getHours() + 1, 0, 0, 0);
  input.value = localInputValue(nextHour);
}

function setConnection(name, hidden) {
  document.body.dataset.connection = name;
  document.getElementById('connection').hidden = name !== 'closed' || hidden;
}

/**
 * Listens to the app's messages (`/apps/{slug}/events`), reconnecting with
 * backoff. The app is in the foreground while a page is connected, so the page
 * lets go of its connection when it is hidden (`pagehide`: navigating away, even
 * into the back-forward cache) and connects again when it is shown (`pageshow`).
 * The daemon's first message, `{"type": "foreground"}`, says the app is now in the foreground.
 */
function listen(refresh, onMessage) {
  let hidden = false;
  const events = new EventStream(`${base}events`, {
    open: () => refresh(),
    message: (message) => {
      if (message.type === 'foreground') {
        setConnection('foreground', hidden);
        return;
      }
      if (message.type === 'notification') showNotice(message);
      onMessage?.(message);
      refresh();
    },
    state: (name) => {
      if (name === 'connecting') setConnection('connecting', hidden);
      else if (name !== 'open') setConnection('closed', hidden);
    },
    // This browser's session ended: the notification center shows the sign-in page.
    revoked: () => window.location.assign('/'),
  });
  window.addEventListener('pagehide', () => {
    hidden = true;
    events.stop();
  });
  window.addEventListener('pageshow', () => {
    hidden = false;
    events.start();
  });
  events.start();
  return events;
}

/**
 * Starts an app's page: reads its state with the action `stateAction` and draws
 * it with `render(state)`, again on every (re)connection and message. `onRefresh`
 * sees each state read so. Returns `change(action, body)`, which runs an action
 * and draws the state it replies with (a reply that a later one overtook is not
 * drawn); it resolves to the state, or undefined when the action failed.
 */
export function startPage({ stateAction, render, onRefresh, onMessage }) {
  let generation = 0;
  async function change(name, body) {
    const mine = ++generation;
    const state = await attempt(() => action(name, body));
    if (state && mine === generation) render(state);
    return state;
  }
  async function refresh() {
    const state = await change(stateAction);
    if (state) onRefresh?.(state);
  }
  refresh();
  const events = listen(refresh, onMessage);
  window.herald = { events, refresh };
  return change;
}
