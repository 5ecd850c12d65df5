/*
 * The center's live connection: the daemon's events (`/v1/events`, through the
 * shared EventStream, which reconnects with backoff and resumes after the last
 * `sequence`), what each event changes on the page, and reading everything again
 * after a (re)connection or missed events.
 */

import { api } from '../common/api.js';
import { EventStream } from '../common/event-stream.js';
import { forgetKey } from '../common/session-key.js';
import { refreshAppLists, refreshApps } from './apps.js';
import { removeCards } from './cards.js';
import { scheduleRefresh } from './lists.js';
import { present } from './presentations.js';
import { addPrompt, refreshPrompts, removePrompt } from './prompts.js';
import { showBadge, showSettings } from './settings.js';
import { $, appName, state } from './state.js';
import { report } from './status.js';
import { refreshClock } from './time.js';

function handleEvent(event) {
  if (event.type !== 'appsChanged' && !state.apps.has(event.app)) {
    refreshApps().catch(report);
  }
  const app = event.app;
  switch (event.type) {
    case 'presented':
      present(event.presentation);
      scheduleRefresh(app, 'delivered');
      break;
    case 'delivered':
      scheduleRefresh(app, 'delivered');
      scheduleRefresh(app, 'pending');
      break;
    case 'withdrawn':
      removeCards(event.deliveries || []);
      scheduleRefresh(app, 'delivered');
      break;
    case 'responded':
      removeCards([event.response.delivery.id]);
      scheduleRefresh(app, 'delivered');
      break;
    case 'badgeChanged':
      showBadge(app, event.badge);
      break;
    case 'authorizationRequested':
      addPrompt({ app, name: event.name || appName(app), options: event.options || [] });
      break;
    case 'authorizationChanged':
      removePrompt(app);
      scheduleRefresh(app, 'preferences');
      break;
    case 'pendingChanged':
      scheduleRefresh(app, 'pending');
      break;
    case 'settingsShown':
      showSettings(app);
      break;
    case 'appsChanged':
      refreshApps().catch(report);
      break;
    default:
      break;
  }
}

function setConnection(name, text) {
  $('connection').dataset.state = name;
  $('connection-text').textContent = text;
}

/** What the stream's state shows in the top bar's #connection. */
function showStreamState(name, detail) {
  if (name === 'open') setConnection('live', 'Live');
  else if (name === 'waiting') setConnection('offline', `Offline — reconnecting in ${Math.ceil(detail.delay / 1000)} s`);
  else if (name === 'revoked' || name === 'stopped') setConnection('offline', 'Signed out');
}

/**
 * The center's event stream. Every (re)connection reads everything again; a
 * resumed one also gets the events it missed (so a notification presented
 * meanwhile still shows, once); a gap in their numbers reads everything again.
 * A revoked stream means this browser's session ended (signed out here or
 * elsewhere): the page shows the sign-in page.
 */
export const stream = new EventStream('/v1/events', {
  open: () => refreshAll(),
  message: (event) => {
    try {
      handleEvent(event);
    } catch (error) {
      report(error);
    }
  },
  gap: () => refreshAll(),
  state: showStreamState,
  revoked: () => window.location.assign('/'),
});

/** Ends this browser's session and forgets its key; the daemon closes its streams, and the page shows the sign-in page. */
export async function signOut() {
  try {
    await api('POST', '/logout');
  } catch (error) {
    report(error);
    return;
  }
  stream.stop();
  forgetKey();
  window.location.assign('/');
}

let refreshing = null;
let refreshAgain = false;

/**
 * Reads everything again: after a reconnect or missed events. A call while a
 * reading is under way reads once more after it, so nothing that happened in
 * between is missed.
 */
export function refreshAll() {
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      refreshAgain = false;
      try {
        await Promise.all([refreshApps(), refreshPrompts(), refreshClock()]);
        for (const identifier of state.apps.keys()) refreshAppLists(identifier);
      } catch (error) {
        report(error);
      }
    } while (refreshAgain);
    refreshing = null;
  })();
  return refreshing;
}
