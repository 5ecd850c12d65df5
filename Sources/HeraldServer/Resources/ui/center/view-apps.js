/*
 * The apps: a section and a tab for each, the selected one, each app's badge
 * and its notification settings (like the iOS Settings app), and its lists.
 */

import { element } from './dom.js';
import { renderDelivered, renderPending } from './view-lists.js';
import { renderPushBrowsers } from './view-push.js';

export const phoneWidth = window.matchMedia('(max-width: 700px)');
/** Each control's class (`pref-<name>`) → the setting effects.js changes. */
const SETTINGS = {
  allow: 'allow', style: 'style', sounds: 'sounds', badges: 'badges', location: 'location',
  'time-sensitive': 'timeSensitive', summary: 'summary',
};
const HINTS = {
  none: 'Notifications go to the list only.', banner: 'Banners appear at the top and go away by themselves.',
  alert: 'Alerts stay on screen until you answer them.',
};

export const sectionID = (identifier) => `app-${identifier}`;

function createSection(app, dispatch) {
  const identifier = app.identifier;
  const section = document.getElementById('app-template').content.firstElementChild.cloneNode(true);
  const id = sectionID(identifier);
  section.id = id;
  section.dataset.app = identifier;
  section.setAttribute('aria-labelledby', `${id}-name`);
  section.querySelector('.app-name').id = `${id}-name`;
  const panel = section.querySelector('.settings-panel');
  panel.id = `${id}-settings`;
  panel.setAttribute('aria-label', `Settings for ${app.name}`);
  const settingsButton = section.querySelector('.settings-button');
  settingsButton.setAttribute('aria-controls', panel.id);
  settingsButton.addEventListener('click', () => dispatch({ type: 'settingsToggled', app: identifier }));
  section.querySelectorAll('.pref-style').forEach((radio) => { radio.name = `${id}-style`; });
  section.querySelectorAll('.pref-location').forEach((radio) => { radio.name = `${id}-location`; });
  panel.addEventListener('change', ({ target }) => {
    const control = Object.keys(SETTINGS).find((name) => target.classList.contains(`pref-${name}`));
    const setting = SETTINGS[control];
    if (setting) dispatch({ type: 'changePreference', app: identifier, setting, checked: target.checked, value: target.value });
  });
  panel.addEventListener('submit', (event) => event.preventDefault());
  const appSettings = panel.querySelector('.app-settings-button');
  appSettings.textContent = `${app.name} Notification Settings`;
  appSettings.addEventListener('click', () => dispatch({ type: 'openAppSettings', app: identifier }));
  section.querySelector('.badge-set').addEventListener('click', () => {
    dispatch({ type: 'setBadge', app: identifier, badge: Number(section.querySelector('.badge-input').value) });
  });
  section.querySelector('.badge-clear').addEventListener('click', () => dispatch({ type: 'setBadge', app: identifier, badge: 0 }));
  section.querySelector('.clear-delivered').addEventListener('click', () => dispatch({ type: 'clearDelivered', app: identifier }));
  return section;
}

function createTab(app, dispatch) {
  const item = element('li');
  const link = element('a', 'app-tab');
  link.href = `#${sectionID(app.identifier)}`;
  link.dataset.app = app.identifier;
  link.append(element('span', 'app-tab-name', app.name), element('span', 'app-tab-badge'));
  link.addEventListener('click', (event) => {
    event.preventDefault();
    dispatch({ type: 'appSelected', app: app.identifier, focus: true });
  });
  item.append(link);
  return item;
}

/** The apps' view: `render(state)` makes the sections and tabs show it. */
export function createAppsView(dispatch) {
  const views = new Map(); // identifier → {section, tab, shown: what was rendered last}
  let selected = null;
  phoneWidth.addEventListener('change', () => views.get(selected)?.tab.scrollIntoView({ block: 'nearest', inline: 'nearest' }));

  return function render(state) {
    for (const [identifier, view] of views) {
      if (state.apps[identifier]) continue;
      view.section.remove();
      view.tab.remove();
      views.delete(identifier);
    }
    for (const identifier of state.order) {
      let view = views.get(identifier);
      if (!view) {
        const { app } = state.apps[identifier];
        view = { section: createSection(app, dispatch), tab: createTab(app, dispatch), shown: {} };
        views.set(identifier, view);
        document.getElementById('apps').append(view.section);
        document.getElementById('app-tabs').append(view.tab);
      }
      renderApp(view, state.apps[identifier], state, dispatch);
    }
    document.getElementById('no-apps').hidden = state.order.length > 0;
    for (const [identifier, view] of views) {
      const isSelected = identifier === state.selected;
      view.section.classList.toggle('selected', isSelected);
      const link = view.tab.querySelector('a');
      if (isSelected) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
    if (state.selected !== selected) {
      selected = state.selected;
      views.get(selected)?.tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  };
}

/** Renders what changed of one app since its last render. */
function renderApp(view, entry, state, dispatch) {
  const { section, tab, shown } = view;
  const { app } = entry;
  if (shown.app !== app) {
    section.querySelector('.app-name').textContent = app.name;
    tab.querySelector('.app-tab-name').textContent = app.name;
    const link = section.querySelector('.app-page-link');
    link.hidden = !app.pageURL;
    if (app.pageURL) {
      link.href = app.pageURL;
      link.textContent = `Open ${app.name}`;
    }
  }
  if (entry.badge !== null && shown.badge !== entry.badge) renderBadge(view, entry.badge);
  if (entry.prefs && shown.prefs !== entry.prefs) renderPreferences(section, entry);
  if (entry.location && shown.location !== entry.location) renderLocation(section, entry);
  const panel = section.querySelector('.settings-panel');
  panel.hidden = !entry.settingsOpen;
  section.querySelector('.settings-button').setAttribute('aria-expanded', String(entry.settingsOpen));
  const lists = [entry.delivered, state.replies, app, state.held];
  if (!shown.lists || lists.some((value, index) => value !== shown.lists[index])) {
    renderDelivered(section, entry, state, dispatch);
  }
  if (shown.pending !== entry.pending) renderPending(section, entry, state, dispatch);
  if (shown.push !== state.push.browsers) renderPushBrowsers(section, app.identifier, state.push, dispatch);
  view.shown = { app, badge: entry.badge, prefs: entry.prefs, location: entry.location, lists, pending: entry.pending,
    push: state.push.browsers };
}

function renderBadge({ section, tab }, badge) {
  const label = badge > 0 ? String(badge) : '';
  const badgeNode = section.querySelector('.app-badge');
  badgeNode.hidden = badge === 0;
  badgeNode.textContent = label;
  badgeNode.setAttribute('aria-label', `Badge ${badge}`);
  const tabBadge = tab.querySelector('.app-tab-badge');
  tabBadge.textContent = label;
  tabBadge.hidden = badge === 0;
  tabBadge.setAttribute('role', 'img');
  tabBadge.setAttribute('aria-label', `badge ${badge}`);
  const input = section.querySelector('.badge-input');
  if (document.activeElement !== input) input.value = String(badge);
}

function renderPreferences(section, { app, prefs }) {
  const panel = section.querySelector('.settings-panel');
  const allowed = prefs.authorizationStatus === 'authorized';
  const granted = new Set(prefs.grantedOptions || []);
  panel.dataset.status = prefs.authorizationStatus;
  section.dataset.provisional = String(prefs.authorizationStatus === 'provisional');
  panel.querySelector('.pref-allow').checked = allowed;
  panel.querySelectorAll('.pref-style').forEach((radio) => {
    radio.checked = radio.value === prefs.alertStyle;
    radio.disabled = !allowed || !granted.has('alert');
  });
  const sounds = panel.querySelector('.pref-sounds');
  sounds.checked = prefs.soundsEnabled;
  sounds.disabled = !allowed || !granted.has('sound');
  const badges = panel.querySelector('.pref-badges');
  badges.checked = prefs.badgesEnabled;
  badges.disabled = !allowed || !granted.has('badge');
  const timeSensitive = panel.querySelector('.pref-time-sensitive');
  timeSensitive.checked = prefs.timeSensitiveEnabled ?? true;
  timeSensitive.disabled = !allowed;
  const summary = panel.querySelector('.pref-summary');
  summary.checked = prefs.inScheduledSummary ?? false;
  summary.disabled = !allowed;
  panel.querySelector('.style-hint').textContent = HINTS[prefs.alertStyle] || '';
  panel.querySelector('.app-settings-button').hidden = !granted.has('providesAppNotificationSettings');
  const note = panel.querySelector('.settings-note');
  const notes = { notDetermined: `${app.name} has not asked to send notifications yet.`,
    denied: `${app.name} may not send notifications.`,
    provisional: `${app.name} delivers quietly, to this list only, until you keep or turn off its notifications.` };
  note.textContent = notes[prefs.authorizationStatus] || '';
  note.hidden = !note.textContent;
}

const ASKS = { whenInUse: 'while you use it', always: 'at any time' };

/** Why an app's location reminders wait, for the person. */
function locationWhy(app, location) {
  const reasons = {
    notAuthorized: `Location is off for ${app.name}: its location reminders wait.`,
    locationOff: 'Herald runs without location (herald serve --location off): location reminders wait.',
    locationUnavailable: `No position from GeoClue (${location.serviceError?.message ?? 'unavailable'}): location reminders wait.`,
    starting: 'Waiting for the first position from GeoClue.',
  };
  if (location.waiting) return reasons[location.waiting] ?? `Location reminders wait (${location.waiting}).`;
  return location.regions > 0 ? 'Location reminders follow the machine’s position.' : '';
}

/** The app's location permission, its ask and why its location reminders wait, as GET …/location says. */
function renderLocation(section, { app, location }) {
  const group = section.querySelector('.location-group');
  group.dataset.status = location.status;
  group.querySelectorAll('.pref-location').forEach((radio) => { radio.checked = radio.value === location.status; });
  const ask = group.querySelector('.location-ask');
  ask.hidden = !location.requested;
  ask.textContent = location.requested
    ? `“${app.name}” would like to use your location ${ASKS[location.requested] ?? ''}. Choose below.` : '';
  group.querySelector('.location-why').textContent = locationWhy(app, location);
}
