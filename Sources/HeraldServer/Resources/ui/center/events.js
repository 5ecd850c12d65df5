/*
 * The center's live connection: the daemon's events (`/v1/events`, through the
 * EventStream of ../common, which reconnects with backoff and resumes after the
 * last `sequence`), the actions each event dispatches and the lists it reads
 * again, and reading everything again after a (re)connection or missed events.
 */

import { EventStream } from '../common/event-stream.js';
import { failed, said } from './messages.js';
import { appName } from './reducer.js';

/** What one event changes: the actions it dispatches, the lists it reads again. */
function handleEvent(event, { dispatch, getState }, reading) {
  const { scheduleRefresh: refresh } = reading;
  const app = event.app;
  const aboutNoApp = event.type === 'appsChanged' || event.type === 'quietChanged';
  if (!aboutNoApp && !getState().apps[app]) {
    reading.refreshApps().catch((error) => dispatch(failed(error)));
  }
  switch (event.type) {
    case 'presented':
      dispatch({ type: 'presented', presentation: event.presentation });
      refresh(app, 'delivered');
      break;
    case 'delivered':
      refresh(app, 'delivered');
      refresh(app, 'pending');
      break;
    case 'withdrawn':
      dispatch({ type: 'cardsRemoved', ids: event.deliveries || [] });
      refresh(app, 'delivered');
      break;
    case 'responded':
      dispatch({ type: 'cardsRemoved', ids: [event.response.delivery.id] });
      refresh(app, 'delivered');
      break;
    case 'badgeChanged':
      dispatch({ type: 'badgeRead', app, badge: event.badge });
      break;
    case 'authorizationRequested':
      dispatch({ type: 'promptAdded',
        prompt: { app, name: event.name || appName(getState(), app), options: event.options || [] } });
      break;
    case 'authorizationChanged':
      dispatch({ type: 'promptRemoved', app });
      refresh(app, 'preferences');
      break;
    case 'pendingChanged':
      refresh(app, 'pending');
      refresh(app, 'location');
      break;
    case 'locationAuthorizationChanged':
      refresh(app, 'location');
      if (event.requested) dispatch(said(`${appName(getState(), app)} would like to use your location: see its settings.`));
      break;
    case 'settingsShown':
      dispatch({ type: 'settingsShown', app });
      break;
    case 'appsChanged':
      reading.refreshApps().catch((error) => dispatch(failed(error)));
      break;
    case 'quietChanged':
      dispatch({ type: 'quietChanged', quietState: event.state });
      reading.readFocus().catch((error) => dispatch(failed(error)));
      break;
    case 'heldForSummary':
      dispatch({ type: 'heldForSummary', app, deliveries: event.deliveries || [], until: event.until });
      refresh(app, 'delivered');
      break;
    case 'summaryDelivered':
      dispatch({ type: 'summaryArrived', app, summary: event.summary });
      refresh(app, 'delivered');
      reading.readFocus().catch((error) => dispatch(failed(error)));
      break;
    default:
      // Nothing for the center: remoteNotificationReceived (for the app's background
      // fetch), and any type a later daemon adds.
      break;
  }
}

/** What the stream's state shows in the top bar's #connection. */
function connection(name, detail) {
  if (name === 'open') return { state: 'live', text: 'Live' };
  if (name === 'waiting') return { state: 'offline', text: `Offline — reconnecting in ${Math.ceil(detail.delay / 1000)} s` };
  if (name === 'revoked' || name === 'stopped') return { state: 'offline', text: 'Signed out' };
  return null;
}

/**
 * The center's event stream. Every (re)connection reads everything again; a
 * resumed one also gets the events it missed (so a notification presented
 * meanwhile still shows, once); a gap in their numbers reads everything again.
 * A revoked stream means this browser's session ended (signed out here or
 * elsewhere): the page shows the sign-in page.
 */
export function createStream(store, reading) {
  return new EventStream('/v1/events', {
    open: () => reading.refreshAll(),
    message: (event) => {
      try {
        handleEvent(event, store, reading);
      } catch (error) {
        store.dispatch(failed(error));
      }
    },
    gap: () => reading.refreshAll(),
    state: (name, detail) => {
      const shown = connection(name, detail);
      if (shown) store.dispatch({ type: 'connectionChanged', connection: shown });
    },
    revoked: () => window.location.assign('/'),
  });
}
