/* Authorization prompts: an app asks to send notifications, the person allows it or not. */

import { api } from '../common/api.js';
import { closeDialog, openDialog } from './dom.js';
import { scheduleRefresh } from './lists.js';
import { $, appName, appPath, state } from './state.js';
import { report, say } from './status.js';

export function addPrompt(prompt) {
  if (state.prompts.some((p) => p.app === prompt.app)) return;
  state.prompts.push(prompt);
  showPrompt();
}

export function removePrompt(app) {
  const before = state.prompts.length;
  state.prompts = state.prompts.filter((p) => p.app !== app);
  if (before !== state.prompts.length) showPrompt();
}

function showPrompt() {
  const dialog = $('auth-dialog');
  const prompt = state.prompts[0];
  if (!prompt) {
    if (dialog.open) closeDialog(dialog);
    return;
  }
  dialog.dataset.app = prompt.app;
  $('auth-title').textContent = `“${prompt.name}” Would Like to Send You Notifications`;
  $('auth-message').textContent = promptMessage(prompt.options);
  openDialog(dialog, $('auth-allow'));
}

function promptMessage(options) {
  const kinds = { alert: 'alerts', sound: 'sounds', badge: 'icon badges' };
  const named = options.map((o) => kinds[o]).filter(Boolean);
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0] || 'alerts';
  return `Notifications may include ${list}. These can be configured in Settings.`;
}

export async function answerPrompt(granted) {
  const app = $('auth-dialog').dataset.app;
  if (!app) return;
  try {
    await api('POST', `${appPath(app)}/authorization/answer`, { granted });
    say(`${appName(app)} ${granted ? 'may' : 'may not'} send notifications.`);
  } catch (error) {
    report(error);
  }
  removePrompt(app);
  scheduleRefresh(app, 'preferences');
}

export async function refreshPrompts() {
  const { prompts } = await api('GET', '/v1/authorization-prompts');
  const waiting = new Set(prompts.map((p) => p.app));
  state.prompts = state.prompts.filter((p) => waiting.has(p.app));
  prompts.forEach(addPrompt);
  showPrompt();
}
