/*
 * The center's state and the one function that changes it: `reduce(state,
 * action)` returns a new state (or the same one when nothing changed) and never
 * touches the page, the network or the clock. Actions that ask for work (an
 * answer to post, a setting to save) change nothing here: effects.js does them.
 *
 * State, all plain data:
 *   order, apps        the apps' identifiers in the order they appeared; per app
 *                      {app, badge, prefs, location, delivered, pending, settingsOpen}
 *   selected           the current app (the only section shown at phone width)
 *   shown              the deliveries presented already (the last 500)
 *   banners, alerts    presentations shown as banners (newest first) and waiting alerts
 *   restoredAlerts     alerts waiting before a reload, shown again once still delivered
 *   prompts            authorization prompts, the first one shown
 *   replies            card key ("banner:<id>", "alert:<id>", "item:<id>") → open text-input action
 *   focus              the last focus asked for, {n, kind: app|settings|reply, app, key}
 *   status, announcement, connection, beeps, desktop, clockOffset
 *   push               Web Push: {on (this browser gets notifications with the center
 *                      closed), browsers (every subscribed browser, as the daemon lists them)}
 *   receivers          who receives pushes through Herald as a push service (UnifiedPush
 *                      apps, browsers on its push socket), as GET /v1/push/receivers lists them
 *   replyLink          a ?reply= link's {app, delivery, action}, opened once the app's list is read
 *   quiet, focusPanelOpen, focusEditing, held, summary   Focus and the scheduled summary (reducer-focus.js)
 */

import { focusHandlers, focusState, heldFromList, withoutSummaryItems } from './reducer-focus.js';
import { deliveryInfo } from './rules.js';

export const MAX_BANNERS = 3;
export const MAX_SHOWN = 500;
export const GONE = 'That notification was already answered or removed.';

export function initialState({ shown = [], restoredAlerts = [], desktop = false } = {}) {
  return {
    order: [], apps: {}, selected: null,
    shown, banners: [], alerts: [], restoredAlerts, prompts: [], replies: {},
    focus: null, status: { text: '', isError: false }, announcement: null,
    connection: { state: 'connecting', text: 'Connecting…' },
    beeps: 0, desktop, clockOffset: 0, replyLink: null,
    push: { on: false, browsers: [] },
    receivers: [],
    ...focusState(),
  };
}

export const cardKey = (kind, deliveryID) => `${kind}:${deliveryID}`;

export function appName(state, identifier) {
  return state.apps[identifier]?.app.name ?? identifier;
}

const handlers = {
  appsRead, appSelected, deliveredRead, pendingRead, badgeRead, preferencesRead, locationRead,
  settingsToggled, settingsShown, presented, cardsRemoved, removedFromList, bannerExpired, replyOpened,
  promptAdded, promptRemoved, promptsRead, replyLinkFollowed,
  clockRead: (state, { offset }) => ({ ...state, clockOffset: offset }),
  said: (state, { text, isError = false }) => ({ ...state, status: { text, isError } }),
  connectionChanged: (state, { connection }) => ({ ...state, connection }),
  desktopSet: (state, { on }) => (state.desktop === on ? state : { ...state, desktop: on }),
  // The switch shows what was asked at once; effects.js sets it back if the browser says no.
  desktopToggled: (state, { on }) => (state.desktop === on ? state : { ...state, desktop: on }),
  pushToggled: (state, { on }) => ({ ...state, push: { ...state.push, on } }),
  pushSet: (state, { on }) => (state.push.on === on ? state : { ...state, push: { ...state.push, on } }),
  pushBrowsersRead: (state, { browsers, on }) => ({ ...state, push: { on, browsers } }),
  pushReceiversRead: (state, { receivers }) => ({ ...state, receivers }),
  ...focusHandlers,
};

export function reduce(state, action) {
  const handler = Object.hasOwn(handlers, action.type) ? handlers[action.type] : null;
  return handler ? handler(state, action) : state;
}

const focus = (state, request) => ({ ...state, focus: { n: (state.focus?.n ?? 0) + 1, ...request } });
const say = (state, text, isError = false) => ({ ...state, status: { text, isError } });

function updateApp(state, identifier, change) {
  const entry = state.apps[identifier];
  if (!entry) return state;
  return { ...state, apps: { ...state.apps, [identifier]: { ...entry, ...change } } };
}

// Apps

function appsRead(state, { apps }) {
  const next = {};
  for (const app of apps) {
    next[app.identifier] = state.apps[app.identifier]
      ? { ...state.apps[app.identifier], app }
      : { app, badge: null, prefs: null, location: null, delivered: null, pending: null, settingsOpen: false };
  }
  const order = state.order.filter((id) => next[id]);
  for (const app of apps) if (!order.includes(app.identifier)) order.push(app.identifier);
  const selected = next[state.selected] ? state.selected : (apps[0]?.identifier ?? null);
  return { ...state, apps: next, order, selected };
}

function appSelected(state, { app, focus: withFocus = false }) {
  const selected = { ...state, selected: app };
  return withFocus && state.apps[app] ? focus(selected, { kind: 'app', app }) : selected;
}

function badgeRead(state, { app, badge }) {
  return updateApp(state, app, { badge });
}

function preferencesRead(state, { app, prefs }) {
  return updateApp(state, app, { prefs });
}

function locationRead(state, { app, location }) {
  return updateApp(state, app, { location });
}

function settingsToggled(state, { app }) {
  const entry = state.apps[app];
  if (!entry) return state;
  const opened = updateApp(state, app, { settingsOpen: !entry.settingsOpen });
  return entry.settingsOpen ? opened : focus(opened, { kind: 'settings', app });
}

/** The app asked to show its notification settings: select it and open them. */
function settingsShown(state, { app }) {
  const entry = state.apps[app];
  if (!entry) return state;
  const selected = { ...state, selected: app };
  const opened = entry.settingsOpen ? selected : settingsToggled(selected, { app });
  return say(opened, `${entry.app.name} asked to show its notification settings.`);
}

// Lists

function deliveredRead(state, { app, deliveries }) {
  if (!state.apps[app]) return state;
  const delivered = deliveries.slice().sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  const listed = new Set(delivered.map((d) => d.id));
  const gone = (state.apps[app].delivered ?? []).filter((d) => !listed.has(d.id)).map((d) => cardKey('item', d.id));
  let next = forgetReplies(updateApp(state, app, { delivered }), gone);
  next = heldFromList(next, app, deliveries);
  next = restoreAlerts(next, app, deliveries);
  return openLinkedReply(next, app, deliveries);
}

function pendingRead(state, { app, requests }) {
  const pending = requests.slice()
    .sort((a, b) => (Date.parse(a.nextFireDate) || Infinity) - (Date.parse(b.nextFireDate) || Infinity));
  return updateApp(state, app, { pending });
}

/** Shows again, after a reload, the alerts that were waiting and are still delivered. */
function restoreAlerts(state, app, deliveries) {
  if (state.restoredAlerts.length === 0) return state;
  const delivered = new Set(deliveries.map((d) => d.id));
  const mine = state.restoredAlerts.filter((p) => p.delivery.app === app);
  const restoredAlerts = state.restoredAlerts.filter((p) => p.delivery.app !== app);
  const waiting = mine.filter((p) => delivered.has(p.delivery.id) &&
    !state.alerts.some((a) => a.delivery.id === p.delivery.id));
  return { ...state, restoredAlerts, alerts: waiting.length ? [...state.alerts, ...waiting] : state.alerts };
}

function replyLinkFollowed(state, { app, delivery, action }) {
  return { ...state, selected: app, replyLink: { app, delivery, action } };
}

/** Opens and focuses the reply field a `?reply=` link asked for, once the app's list is read. */
function openLinkedReply(state, app, deliveries) {
  const link = state.replyLink;
  if (link?.app !== app) return state;
  const next = { ...state, replyLink: null };
  const delivery = deliveries.find((d) => d.id === link.delivery);
  if (!delivery) return say(next, GONE);
  const action = deliveryInfo(delivery).actions.find((a) => a.identifier === link.action);
  if (!action?.textInput) return say(next, `That notification has no reply “${link.action ?? ''}”.`);
  return replyOpened(next, { key: cardKey('item', delivery.id), action: action.identifier });
}

// Presentations and cards

function presented(state, { presentation }) {
  const { delivery } = presentation;
  if (state.shown.includes(delivery.id)) return state;
  let next = { ...state, shown: [...state.shown, delivery.id].slice(-MAX_SHOWN) };
  if (presentation.sound) next.beeps = state.beeps + 1;
  if (presentation.style === 'none') return next;
  const content = delivery.request.content;
  next.announcement = {
    n: (state.announcement?.n ?? 0) + 1,
    text: `${presentation.style === 'alert' ? 'Alert' : 'Notification'} from ${appName(state, delivery.app)}: ` +
      `${[content.title, content.body].filter(Boolean).join('. ')}`,
  };
  if (presentation.style === 'alert') return { ...next, alerts: [...state.alerts, presentation] };
  const banners = [presentation, ...state.banners];
  next = { ...next, banners: banners.slice(0, MAX_BANNERS) };
  return forgetReplies(next, banners.slice(MAX_BANNERS).map((p) => cardKey('banner', p.delivery.id)));
}

/** Banners and alerts of these deliveries go (answered, withdrawn or closed). */
function cardsRemoved(state, { ids }) {
  state = withoutSummaryItems(state, ids);
  const gone = new Set(ids);
  const banners = state.banners.filter((p) => !gone.has(p.delivery.id));
  const alerts = state.alerts.filter((p) => !gone.has(p.delivery.id));
  if (banners.length === state.banners.length && alerts.length === state.alerts.length) return state;
  const keys = ids.flatMap((id) => [cardKey('banner', id), cardKey('alert', id)]);
  return forgetReplies({ ...state, banners, alerts }, keys);
}

/** A notification closed without telling the app: its cards and its row go at once. */
function removedFromList(state, { delivery }) {
  const next = cardsRemoved(state, { ids: [delivery.id] });
  const entry = next.apps[delivery.app];
  if (!entry?.delivered?.some((d) => d.id === delivery.id)) return next;
  return updateApp(next, delivery.app, { delivered: entry.delivered.filter((d) => d.id !== delivery.id) });
}

/** A banner's time is up; one with an open reply field stays. */
function bannerExpired(state, { id }) {
  if (state.replies[cardKey('banner', id)]) return state;
  const banners = state.banners.filter((p) => p.delivery.id !== id);
  return banners.length === state.banners.length ? state : { ...state, banners };
}

function replyOpened(state, { key, action }) {
  return focus({ ...state, replies: { ...state.replies, [key]: action } }, { kind: 'reply', key });
}

function forgetReplies(state, keys) {
  if (!keys.some((key) => state.replies[key])) return state;
  const replies = { ...state.replies };
  for (const key of keys) delete replies[key];
  return { ...state, replies };
}

// Authorization prompts

function promptAdded(state, { prompt }) {
  if (state.prompts.some((p) => p.app === prompt.app)) return state;
  return { ...state, prompts: [...state.prompts, prompt] };
}

function promptRemoved(state, { app }) {
  const prompts = state.prompts.filter((p) => p.app !== app);
  return prompts.length === state.prompts.length ? state : { ...state, prompts };
}

function promptsRead(state, { prompts }) {
  const waiting = new Set(prompts.map((p) => p.app));
  let next = { ...state, prompts: state.prompts.filter((p) => waiting.has(p.app)) };
  for (const prompt of prompts) next = promptAdded(next, { prompt });
  return next;
}
