/*
 * What the center's actions ask of the world: the answers, settings and
 * changes sent to the daemon, then reading again what they changed; desktop
 * notifications; Web Push (effects-push.js); Focus and the summary (effects-focus.js); signing out. Each effect runs after its action is reduced and
 * reports back by dispatching.
 */

import { ApiError, api } from '../common/api.js';
import { forgetKey } from '../common/session-key.js';
import { createFocusEffects } from './effects-focus.js';
import { createPushEffects } from './effects-push.js';
import { failed, said } from './messages.js';
import { appPath } from './reading.js';
import { GONE, appName } from './reducer.js';
import { DEFAULT_ACTION, DISMISS_ACTION, opensApp } from './rules.js';

const DESKTOP_KEY = 'herald.desktopNotifications';

/** Whether the desktop switch was left on in this browser (and the browser still allows it). */
export const desktopWasOn = () => localStorage.getItem(DESKTOP_KEY) === '1' &&
  'Notification' in window && Notification.permission === 'granted';

export function createEffects({ dispatch, getState }, reading, stream) {
  const { scheduleRefresh } = reading;
  const say = (text, isError) => dispatch(said(text, isError));
  const report = (error) => dispatch(failed(error));

  /** Runs `work`; a failure shows in the status line. Then reads the app's `kind` again, if given. */
  async function attempt(work, app, kind) {
    try {
      await work();
    } catch (error) {
      report(error);
    }
    if (kind) scheduleRefresh(app, kind);
  }

  /** POSTs the person's answer; opens the app's page when the daemon says the answer opens the app. */
  async function respond({ info, action, text }) {
    const { delivery } = info;
    const body = { actionIdentifier: action };
    if (text !== undefined) body.userText = text;
    try {
      await api('POST', `/v1/deliveries/${encodeURIComponent(delivery.id)}/response`, body);
    } catch (error) {
      report(error);
      // Answered or removed elsewhere: the card is stale.
      if (error.code === 'deliveryNotFound' || error.code === 'notFound') dispatch({ type: 'cardsRemoved', ids: [delivery.id] });
      scheduleRefresh(delivery.app, 'delivered');
      return;
    }
    dispatch({ type: 'cardsRemoved', ids: [delivery.id] });
    scheduleRefresh(delivery.app, 'delivered');
    say(action === DISMISS_ACTION ? 'Notification closed.' : 'Answer sent.');
    const page = getState().apps[delivery.app]?.app.pageURL;
    if (page && page.startsWith('/') && !page.startsWith('//') && opensApp(delivery, action)) {
      window.location.assign(page);
    }
  }

  /** Closes a notification: reported to the app only when its category asks for it. */
  async function dismiss({ info }) {
    if (info.reportsDismissal) {
      await respond({ info, action: DISMISS_ACTION });
      return;
    }
    const { delivery } = info;
    dispatch({ type: 'removedFromList', delivery });
    const path = `${appPath(delivery.app)}/delivered/${encodeURIComponent(delivery.request.identifier)}`;
    await attempt(async () => {
      await api('DELETE', path);
      say('Notification removed.');
    }, delivery.app, 'delivered');
  }

  async function setBadge({ app, badge }) {
    if (!Number.isInteger(badge) || badge < 0) {
      say('A badge is a whole number, 0 or more.', true);
      return;
    }
    await attempt(async () => {
      const result = await api('PUT', `${appPath(app)}/badge`, { badge });
      dispatch({ type: 'badgeRead', app, badge: result.badge });
      say(`${appName(getState(), app)}’s badge is ${result.badge}.`);
    });
  }

  /** PATCHes the one setting a control changed; on failure shows the stored ones again. */
  async function changePreference({ app, setting, checked, value }) {
    const entry = getState().apps[app];
    if (!entry) return;
    const changes = {
      allow: () => ({
        authorizationStatus: checked ? 'authorized' : 'denied',
        ...(checked && (entry.prefs?.grantedOptions ?? []).length === 0 ? { grantedOptions: ['alert', 'sound', 'badge'] } : {}),
      }),
      style: () => ({ alertStyle: value }),
      sounds: () => ({ soundsEnabled: checked }),
      badges: () => ({ badgesEnabled: checked }),
      timeSensitive: () => ({ timeSensitiveEnabled: checked }),
      summary: () => ({ inScheduledSummary: checked }),
    };
    if (setting === 'location') {
      await answerLocation(app, value);
      return;
    }
    if (!Object.hasOwn(changes, setting)) return;
    try {
      const prefs = await api('PATCH', `${appPath(app)}/preferences`, changes[setting]());
      dispatch({ type: 'preferencesRead', app, prefs });
      say(`${entry.app.name}: settings saved.`);
    } catch (error) {
      report(error);
      const stored = getState().apps[app]?.prefs;
      if (stored) dispatch({ type: 'preferencesRead', app, prefs: { ...stored } });
    }
  }

  /** The person's location choice for an app; on failure shows the stored one again. */
  async function answerLocation(app, status) {
    try {
      const location = await api('POST', `${appPath(app)}/location/authorization/answer`, { status });
      dispatch({ type: 'locationRead', app, location });
      say(`${appName(getState(), app)}: location saved.`);
    } catch (error) {
      report(error);
      const stored = getState().apps[app]?.location;
      if (stored) dispatch({ type: 'locationRead', app, location: { ...stored } });
    }
  }

  /** Keep or Turn Off under a notification delivered quietly: authorizes or denies the app. */
  async function decideProvisional({ app, keep }) {
    const prefs = getState().apps[app]?.prefs;
    const change = { authorizationStatus: keep ? 'authorized' : 'denied' };
    if (keep && (prefs?.grantedOptions ?? []).filter((o) => o !== 'provisional').length === 0) {
      change.grantedOptions = ['alert', 'sound', 'badge'];
    }
    await attempt(async () => {
      dispatch({ type: 'preferencesRead', app, prefs: await api('PATCH', `${appPath(app)}/preferences`, change) });
      say(`${appName(getState(), app)}: notifications ${keep ? 'kept' : 'turned off'}.`);
    });
  }

  async function answerPrompt({ app, granted }) {
    await attempt(async () => {
      await api('POST', `${appPath(app)}/authorization/answer`, { granted });
      say(`${appName(getState(), app)} ${granted ? 'may' : 'may not'} send notifications.`);
    });
    dispatch({ type: 'promptRemoved', app });
    scheduleRefresh(app, 'preferences');
  }

  const clearDelivered = ({ app }) => attempt(async () => {
    await api('DELETE', `${appPath(app)}/delivered`);
    say(`${appName(getState(), app)}’s notifications cleared.`);
  }, app, 'delivered');

  const cancelPending = ({ app, request }) => attempt(async () => {
    await api('DELETE', `${appPath(app)}/requests/${encodeURIComponent(request)}`);
    say('Scheduled notification cancelled.');
  }, app, 'pending');

  const openAppSettings = ({ app }) => attempt(async () => {
    await api('POST', `${appPath(app)}/settings/open`, {});
    say(`${appName(getState(), app)} was asked to open its notification settings.`);
  });

  /** Ends this browser's session and forgets its key; the daemon closes its streams, and the page shows the sign-in page. */
  async function signOut() {
    // The stream stops first: the daemon closes it as the session ends, and its
    // close would take the page to the sign-in page before the key is forgotten.
    stream.stop();
    try {
      await api('POST', '/logout');
    } catch (error) {
      stream.start();
      report(error);
      return;
    }
    forgetKey();
    window.location.assign('/');
  }

  async function desktopToggled({ on }) {
    if (!on) {
      localStorage.removeItem(DESKTOP_KEY);
      dispatch({ type: 'desktopSet', on: false });
      return;
    }
    if (!('Notification' in window)) {
      dispatch({ type: 'desktopSet', on: false });
      say('This browser has no desktop notifications.', true);
      return;
    }
    const granted = await Notification.requestPermission() === 'granted';
    dispatch({ type: 'desktopSet', on: granted });
    if (granted) {
      localStorage.setItem(DESKTOP_KEY, '1');
      say('Desktop notifications are on.');
    } else {
      localStorage.removeItem(DESKTOP_KEY);
      say('The browser did not allow desktop notifications.', true);
    }
  }

  /** A new presentation shows as a desktop (browser) notification too, when the switch is on. */
  function presented({ presentation }, { previous, state }) {
    if (state.shown === previous.shown || presentation.style === 'none' || !state.desktop) return;
    if (!('Notification' in window) || Notification.permission !== 'granted') return;
    const { delivery } = presentation;
    const content = delivery.request.content;
    const notification = new Notification(content.title || appName(state, delivery.app), {
      body: [content.subtitle, content.body].filter(Boolean).join('\n'),
      tag: delivery.id,
    });
    notification.onclick = () => { window.focus(); respond({ info: presentation, action: DEFAULT_ACTION }); };
  }

  /** Settings opened: read the app's preferences again. */
  function settingsOpened({ app }, { state }) {
    if (state.apps[app]?.settingsOpen) scheduleRefresh(app, 'preferences');
  }

  /** Follows the address's deep link, once: the desktop opens these for its notifications. */
  async function followLink({ link }) {
    if (link?.reply) await followReplyLink(link.reply, link.action);
    else if (link?.summary) await followSummaryLink();
    else if (link?.app && getState().apps[link.app]) dispatch({ type: 'appSelected', app: link.app, focus: true });
    else if (link?.app) say(`There is no app “${link.app}”.`);
  }

  /** Shows the last summary (the desktop's summary notification opens `/?summary`), and moves the focus to it. */
  async function followSummaryLink() {
    if (!getState().summary) {
      try {
        dispatch({ type: 'summaryRead', summary: await api('GET', '/v1/summary') });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) say('No scheduled summary was delivered yet.');
        else report(error);
        return;
      }
    }
    dispatch({ type: 'summaryLinkFollowed' });
  }

  /** Selects the delivery's app; its delivered list opens the reply field once it shows the delivery. */
  async function followReplyLink(deliveryID, action) {
    let delivery;
    try {
      delivery = await api('GET', `/v1/deliveries/${encodeURIComponent(deliveryID)}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) say(GONE);
      else report(error);
      return;
    }
    if (!getState().apps[delivery.app]) {
      say(GONE);
      return;
    }
    dispatch({ type: 'replyLinkFollowed', app: delivery.app, delivery: delivery.id, action });
    scheduleRefresh(delivery.app, 'delivered');
  }

  const effects = {
    respond, dismiss, setBadge, changePreference, decideProvisional, answerPrompt, clearDelivered,
    cancelPending, openAppSettings, signOut, desktopToggled, presented, followLink,
    settingsToggled: settingsOpened, settingsShown: settingsOpened,
    ...createPushEffects({ dispatch, getState }),
    ...createFocusEffects({ dispatch, getState }),
  };
  return (action, change) => {
    if (Object.hasOwn(effects, action.type)) effects[action.type](action, change);
  };
}
