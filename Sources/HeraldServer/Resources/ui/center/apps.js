/* The apps: a section and a tab for each, the selected one, and the address's deep links. */

import { ApiError, api } from '../common/api.js';
import { element } from './dom.js';
import { clearDelivered, deliveryInfo, scheduleRefresh } from './lists.js';
import { changePreference, openAppSettings, setBadge, toggleSettings } from './settings.js';
import { $, state } from './state.js';
import { report, say } from './status.js';

function sectionID(identifier) {
  return `app-${identifier}`;
}

function createSection(app) {
  const section = $('app-template').content.firstElementChild.cloneNode(true);
  const id = sectionID(app.identifier);
  section.id = id;
  section.dataset.app = app.identifier;
  section.setAttribute('aria-labelledby', `${id}-name`);
  section.querySelector('.app-name').id = `${id}-name`;
  const panel = section.querySelector('.settings-panel');
  panel.id = `${id}-settings`;
  panel.setAttribute('aria-label', `Settings for ${app.name}`);
  const settingsButton = section.querySelector('.settings-button');
  settingsButton.setAttribute('aria-controls', panel.id);
  settingsButton.addEventListener('click', () => toggleSettings(app.identifier));
  section.querySelectorAll('.pref-style').forEach((radio) => { radio.name = `${id}-style`; });
  panel.addEventListener('change', (event) => changePreference(app.identifier, event.target));
  panel.addEventListener('submit', (event) => event.preventDefault());
  const appSettings = panel.querySelector('.app-settings-button');
  appSettings.textContent = `${app.name} Notification Settings`;
  appSettings.addEventListener('click', () => openAppSettings(app.identifier));
  section.querySelector('.badge-set').addEventListener('click', () => {
    setBadge(app.identifier, Number(section.querySelector('.badge-input').value));
  });
  section.querySelector('.badge-clear').addEventListener('click', () => setBadge(app.identifier, 0));
  section.querySelector('.clear-delivered').addEventListener('click', () => clearDelivered(app.identifier));
  return section;
}

function createTab(app) {
  const item = element('li');
  const link = element('a', 'app-tab');
  link.href = `#${sectionID(app.identifier)}`;
  link.dataset.app = app.identifier;
  link.append(element('span', 'app-tab-name', app.name), element('span', 'app-tab-badge'));
  link.addEventListener('click', (event) => {
    event.preventDefault();
    select(app.identifier, true);
  });
  item.append(link);
  return item;
}

function renderApp(entry) {
  const { app, section, tab } = entry;
  section.querySelector('.app-name').textContent = app.name;
  tab.querySelector('.app-tab-name').textContent = app.name;
  const link = section.querySelector('.app-page-link');
  link.hidden = !app.pageURL;
  if (app.pageURL) {
    link.href = app.pageURL;
    link.textContent = `Open ${app.name}`;
  }
}

export async function refreshApps() {
  const { apps } = await api('GET', '/v1/apps');
  const seen = new Set();
  for (const app of apps) {
    seen.add(app.identifier);
    let entry = state.apps.get(app.identifier);
    if (!entry) {
      entry = { app, section: createSection(app), tab: createTab(app), prefs: null, categories: [] };
      state.apps.set(app.identifier, entry);
      $('apps').append(entry.section);
      $('app-tabs').append(entry.tab);
      refreshAppLists(app.identifier);
    }
    entry.app = app;
    renderApp(entry);
  }
  for (const [identifier, entry] of state.apps) {
    if (seen.has(identifier)) continue;
    entry.section.remove();
    entry.tab.remove();
    state.apps.delete(identifier);
  }
  $('no-apps').hidden = apps.length > 0;
  if (!state.apps.has(state.selected)) select(apps[0]?.identifier ?? null, false);
}

export function refreshAppLists(identifier) {
  for (const kind of ['delivered', 'pending', 'badge', 'preferences']) scheduleRefresh(identifier, kind);
}

/** Marks an app as the current one: the only section shown at phone width. */
export function select(identifier, focus) {
  state.selected = identifier;
  for (const [id, entry] of state.apps) {
    const isSelected = id === identifier;
    entry.section.classList.toggle('selected', isSelected);
    const link = entry.tab.querySelector('a');
    if (isSelected) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
  }
  const entry = state.apps.get(identifier);
  entry?.tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  if (focus && entry) {
    const heading = entry.section.querySelector('.app-name');
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    entry.section.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }
}

// Deep links

const GONE = 'That notification was already answered or removed.';

/** Follows the address's deep link, once: the desktop opens these for its notifications. */
export async function followLink() {
  const link = state.link;
  state.link = null;
  if (link?.reply) await followReplyLink(link.reply, link.action);
  else if (link?.app) followAppLink(link.app);
}

function followAppLink(identifier) {
  if (state.apps.has(identifier)) select(identifier, true);
  else say(`There is no app “${identifier}”.`);
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
  if (!state.apps.has(delivery.app)) {
    say(GONE);
    return;
  }
  select(delivery.app, false);
  state.replyLink = { app: delivery.app, delivery: delivery.id, action };
  scheduleRefresh(delivery.app, 'delivered');
}

/** Opens and focuses the reply field a `?reply=` link asked for, when the app's list is read. */
export function openLinkedReply(identifier, list, deliveries, categories) {
  const link = state.replyLink;
  if (link?.app !== identifier) return;
  state.replyLink = null;
  const delivery = deliveries.find((d) => d.id === link.delivery);
  const action = delivery && deliveryInfo(delivery, categories).actions.find((a) => a.identifier === link.action);
  if (delivery && !action?.textInput) {
    say(`That notification has no reply “${link.action ?? ''}”.`);
    return;
  }
  const item = delivery && list.querySelector(`.delivered-item[data-delivery="${CSS.escape(delivery.id)}"]`);
  const field = item?.querySelector('.card-reply .reply-input');
  const reply = item?.querySelector(`.action-button[data-action="${CSS.escape(link.action)}"]`);
  if (field) field.focus();
  else if (reply) reply.click();
  else say(GONE);
}
