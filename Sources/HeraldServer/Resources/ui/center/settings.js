/* One app's badge and its notification settings (like the iOS Settings app). */

import { api } from '../common/api.js';
import { select } from './apps.js';
import { scheduleRefresh } from './lists.js';
import { appName, appPath, state } from './state.js';
import { report, say } from './status.js';

export async function refreshBadge(identifier, isCurrent) {
  const { badge } = await api('GET', `${appPath(identifier)}/badge`);
  if (isCurrent()) showBadge(identifier, badge);
}

export function showBadge(identifier, badge) {
  const entry = state.apps.get(identifier);
  if (!entry) return;
  const label = badge > 0 ? String(badge) : '';
  const badgeNode = entry.section.querySelector('.app-badge');
  badgeNode.hidden = badge === 0;
  badgeNode.textContent = label;
  badgeNode.setAttribute('aria-label', `Badge ${badge}`);
  const tabBadge = entry.tab.querySelector('.app-tab-badge');
  tabBadge.textContent = label;
  tabBadge.hidden = badge === 0;
  tabBadge.setAttribute('role', 'img');
  tabBadge.setAttribute('aria-label', `badge ${badge}`);
  const input = entry.section.querySelector('.badge-input');
  if (document.activeElement !== input) input.value = String(badge);
}

export async function setBadge(identifier, badge) {
  if (!Number.isInteger(badge) || badge < 0) {
    say('A badge is a whole number, 0 or more.', true);
    return;
  }
  try {
    const result = await api('PUT', `${appPath(identifier)}/badge`, { badge });
    showBadge(identifier, result.badge);
    say(`${appName(identifier)}’s badge is ${result.badge}.`);
  } catch (error) {
    report(error);
  }
}

/** The app asked to show its notification settings: select it and open them. */
export function showSettings(identifier) {
  if (!state.apps.has(identifier)) return;
  select(identifier);
  const panel = state.apps.get(identifier).section.querySelector('.settings-panel');
  if (panel.hidden) toggleSettings(identifier);
  say(`${appName(identifier)} asked to show its notification settings.`);
}

export function toggleSettings(identifier) {
  const { section } = state.apps.get(identifier);
  const panel = section.querySelector('.settings-panel');
  const toggle = section.querySelector('.settings-button');
  panel.hidden = !panel.hidden;
  toggle.setAttribute('aria-expanded', String(!panel.hidden));
  if (!panel.hidden) {
    scheduleRefresh(identifier, 'preferences');
    panel.querySelector('.pref-allow').focus();
  }
}

export async function refreshPreferences(identifier, isCurrent) {
  const prefs = await api('GET', `${appPath(identifier)}/preferences`);
  if (isCurrent()) showPreferences(identifier, prefs);
}

export function showPreferences(identifier, prefs) {
  const entry = state.apps.get(identifier);
  if (!entry) return;
  entry.prefs = prefs;
  const panel = entry.section.querySelector('.settings-panel');
  const allowed = prefs.authorizationStatus === 'authorized';
  const granted = new Set(prefs.grantedOptions || []);
  panel.dataset.status = prefs.authorizationStatus;
  entry.section.dataset.provisional = String(prefs.authorizationStatus === 'provisional');
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
  const hints = { none: 'Notifications go to the list only.', banner: 'Banners appear at the top and go away by themselves.',
    alert: 'Alerts stay on screen until you answer them.' };
  panel.querySelector('.style-hint').textContent = hints[prefs.alertStyle] || '';
  panel.querySelector('.app-settings-button').hidden = !granted.has('providesAppNotificationSettings');
  const note = panel.querySelector('.settings-note');
  const notes = { notDetermined: `${entry.app.name} has not asked to send notifications yet.`,
    denied: `${entry.app.name} may not send notifications.`,
    provisional: `${entry.app.name} delivers quietly, to this list only, until you keep or turn off its notifications.` };
  note.textContent = notes[prefs.authorizationStatus] || '';
  note.hidden = !note.textContent;
}

/** Asks the app to show its own notification settings (it provides them). */
export async function openAppSettings(identifier) {
  try {
    await api('POST', `${appPath(identifier)}/settings/open`, {});
    say(`${appName(identifier)} was asked to open its notification settings.`);
  } catch (error) {
    report(error);
  }
}

/** PATCHes the one setting a control changed; on failure shows the stored one again. */
export async function changePreference(identifier, control) {
  const entry = state.apps.get(identifier);
  let change;
  if (control.classList.contains('pref-allow')) {
    change = { authorizationStatus: control.checked ? 'authorized' : 'denied' };
    if (control.checked && (entry.prefs?.grantedOptions ?? []).length === 0) {
      change.grantedOptions = ['alert', 'sound', 'badge'];
    }
  } else if (control.classList.contains('pref-style')) {
    change = { alertStyle: control.value };
  } else if (control.classList.contains('pref-sounds')) {
    change = { soundsEnabled: control.checked };
  } else if (control.classList.contains('pref-badges')) {
    change = { badgesEnabled: control.checked };
  } else {
    return;
  }
  try {
    showPreferences(identifier, await api('PATCH', `${appPath(identifier)}/preferences`, change));
    say(`${entry.app.name}: settings saved.`);
  } catch (error) {
    report(error);
    if (entry.prefs) showPreferences(identifier, entry.prefs);
  }
}
