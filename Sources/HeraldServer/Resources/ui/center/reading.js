/*
 * Reading the daemon's state into the store: the apps, each app's lists, badge
 * and preferences, the prompts, Focus and the summary (GET /v1/focus) and the daemon's clock. Refreshes asked for in a
 * burst are coalesced, and a reading that a newer one overtakes is dropped.
 */

import { ApiError, api } from '../common/api.js';
import { failed } from './messages.js';

export const appPath = (app) => `/v1/apps/${encodeURIComponent(app)}`;
const LIST_KINDS = ['delivered', 'pending', 'badge', 'preferences', 'location'];

export function createReading({ dispatch, getState }) {
  const scheduled = new Map();
  const generations = new Map();
  const hasApp = (identifier) => Boolean(getState().apps[identifier]);

  async function readClock() {
    const clock = await api('GET', '/v1/clock');
    dispatch({ type: 'clockRead', offset: Date.parse(clock.now) - Date.now() });
  }

  const readers = {
    async delivered(app) {
      const { deliveries } = await api('GET', `${appPath(app)}/delivered`);
      return { type: 'deliveredRead', app, deliveries };
    },
    async pending(app) {
      const [{ requests }] = await Promise.all([api('GET', `${appPath(app)}/requests`), readClock()]);
      return { type: 'pendingRead', app, requests };
    },
    async badge(app) {
      const { badge } = await api('GET', `${appPath(app)}/badge`);
      return { type: 'badgeRead', app, badge };
    },
    async preferences(app) {
      return { type: 'preferencesRead', app, prefs: await api('GET', `${appPath(app)}/preferences`) };
    },
    async location(app) {
      return { type: 'locationRead', app, location: await api('GET', `${appPath(app)}/location`) };
    },
  };

  /** Reads one of an app's lists (`kind`) again, soon: the refreshes of a burst make one. */
  function scheduleRefresh(app, kind) {
    if (!hasApp(app)) return;
    const key = `${kind}\u0000${app}`;
    if (scheduled.has(key)) return;
    scheduled.set(key, setTimeout(async () => {
      scheduled.delete(key);
      const generation = (generations.get(key) || 0) + 1;
      generations.set(key, generation);
      try {
        const read = await readers[kind](app);
        if (generations.get(key) === generation && hasApp(app)) dispatch(read);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) dispatch(failed(error));
      }
    }, 30));
  }

  function refreshAppLists(app) {
    for (const kind of LIST_KINDS) scheduleRefresh(app, kind);
  }

  /** Reads the apps; an app not seen before has its lists read too. */
  async function refreshApps() {
    const { apps } = await api('GET', '/v1/apps');
    const known = getState().apps;
    dispatch({ type: 'appsRead', apps });
    for (const app of apps) if (!known[app.identifier]) refreshAppLists(app.identifier);
  }

  let focusGeneration = 0;

  /** Reads Focus, Do Not Disturb and the summary times; a reading overtaken by a newer one is dropped. */
  async function readFocus() {
    const generation = ++focusGeneration;
    const quiet = await api('GET', '/v1/focus');
    if (generation === focusGeneration) dispatch({ type: 'focusRead', quiet });
  }

  async function refreshPrompts() {
    const { prompts } = await api('GET', '/v1/authorization-prompts');
    dispatch({ type: 'promptsRead', prompts });
  }

  let refreshing = null;
  let refreshAgain = false;

  /**
   * Reads everything again: after a reconnect or missed events. A call while a
   * reading is under way reads once more after it, so nothing that happened in
   * between is missed.
   */
  function refreshAll() {
    if (refreshing) {
      refreshAgain = true;
      return refreshing;
    }
    refreshing = (async () => {
      do {
        refreshAgain = false;
        try {
          await Promise.all([refreshApps(), refreshPrompts(), readClock(), readFocus()]);
          for (const app of getState().order) refreshAppLists(app);
        } catch (error) {
          dispatch(failed(error));
        }
      } while (refreshAgain);
      refreshing = null;
    })();
    return refreshing;
  }

  return { scheduleRefresh, refreshAppLists, refreshApps, refreshPrompts, refreshAll, readClock, readFocus };
}
