/*
 * What carries across a reload in the tab's sessionStorage (the deliveries
 * presented already, the alerts waiting) and the address's deep link.
 */

const SHOWN_KEY = 'herald.shownDeliveries';
const ALERTS_KEY = 'herald.openAlerts';

function read(key, fallback) {
  try { return JSON.parse(sessionStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}

function write(key, value) {
  try { sessionStorage.setItem(key, JSON.stringify(value)); } catch { /* storage full or disabled */ }
}

/** What the tab kept before a reload: {shown, restoredAlerts}. */
export const kept = () => ({ shown: read(SHOWN_KEY, []), restoredAlerts: read(ALERTS_KEY, []) });

/** Keeps what a reload should find, when it changed since `initial`. */
export function createKeeper(initial) {
  let last = initial;
  return function keep(state) {
    if (state.shown !== last.shown) write(SHOWN_KEY, state.shown);
    if (state.alerts !== last.alerts) write(ALERTS_KEY, state.alerts);
    last = state;
  };
}

/**
 * The deep link in the address (`?app=`, `?reply=` with `&action=`, or `?summary`), taken out
 * of it so that a reload does not follow it again.
 */
export function takeLink() {
  const query = new URLSearchParams(window.location.search);
  if (window.location.search) history.replaceState(null, '', window.location.pathname);
  const link = { app: query.get('app'), reply: query.get('reply'), action: query.get('action'), summary: query.has('summary') };
  return link.app || link.reply || link.summary ? link : null;
}
