/*
 * What the notification center's modules share: constants, the page's state,
 * and the session storage that carries some of it across a reload.
 */

export const DEFAULT_ACTION = 'com.apple.UNNotificationDefaultActionIdentifier';
export const DISMISS_ACTION = 'com.apple.UNNotificationDismissActionIdentifier';
export const BANNER_MILLISECONDS = 6000;
export const MAX_BANNERS = 3;
export const SHOWN_KEY = 'herald.shownDeliveries';
export const ALERTS_KEY = 'herald.openAlerts';
export const DESKTOP_KEY = 'herald.desktopNotifications';
export const phoneWidth = window.matchMedia('(max-width: 700px)');

export const $ = (id) => document.getElementById(id);

export function readSession(key, fallback) {
  try { return JSON.parse(sessionStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}

export function writeSession(key, value) {
  try { sessionStorage.setItem(key, JSON.stringify(value)); } catch { /* storage full or disabled */ }
}

/**
 * The deep link in the address (`?app=`, or `?reply=` with `&action=`), taken out
 * of it so that a reload does not follow it again.
 */
function takeLink() {
  const query = new URLSearchParams(window.location.search);
  if (window.location.search) history.replaceState(null, '', window.location.pathname);
  const link = { app: query.get('app'), reply: query.get('reply'), action: query.get('action') };
  return link.app || link.reply ? link : null;
}

export const state = {
  apps: new Map(),          // identifier → {app, section, prefs, categories, tab}
  selected: null,
  shown: new Set(readSession(SHOWN_KEY, [])),
  alerts: [],               // presentations waiting in (or shown by) the alert dialog
  restoredAlerts: readSession(ALERTS_KEY, []),
  prompts: [],              // authorization prompts, first one shown
  clockOffset: 0,           // the daemon's clock minus the browser's, in ms
  link: takeLink(),         // the address's deep link, followed once the apps are known
  replyLink: null,          // {app, delivery, action}: a reply field to open once listed
};

/** Remembers that a delivery was presented, so a reload or a replayed event does not show it again. */
export function remember(deliveryID) {
  state.shown.add(deliveryID);
  writeSession(SHOWN_KEY, [...state.shown].slice(-500));
}

export const appPath = (app) => `/v1/apps/${encodeURIComponent(app)}`;

export function appName(identifier) {
  return state.apps.get(identifier)?.app.name ?? identifier;
}

