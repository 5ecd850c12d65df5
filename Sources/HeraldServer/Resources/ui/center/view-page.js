/*
 * The page around the apps: the top bar (connection, desktop switch, sign
 * out), the status line and announcements, the authorization prompt, and
 * where the focus goes when an action asks for it.
 */

import { closeDialog, openDialog } from './dom.js';
import { sectionID } from './view-apps.js';

const $ = (id) => document.getElementById(id);

/** The top bar, status line and announcer; their controls dispatch. */
export function createPageView(dispatch) {
  $('desktop-notifications').addEventListener('change', (event) => dispatch({ type: 'desktopToggled', on: event.target.checked }));
  $('sign-out').addEventListener('click', () => dispatch({ type: 'signOut' }));
  let announced = null;

  return function render(state) {
    $('connection').dataset.state = state.connection.state;
    $('connection-text').textContent = state.connection.text;
    $('desktop-notifications').checked = state.desktop;
    const status = $('status');
    if (status.textContent !== state.status.text) status.textContent = state.status.text;
    status.classList.toggle('error', state.status.isError);
    if (state.announcement && state.announcement !== announced) {
      announced = state.announcement;
      const line = document.createElement('p');
      line.textContent = announced.text;
      $('announcer').replaceChildren(line);
    }
  };
}

function promptMessage(options) {
  const kinds = { alert: 'alerts', sound: 'sounds', badge: 'icon badges' };
  const named = options.map((o) => kinds[o]).filter(Boolean);
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0] || 'alerts';
  return `Notifications may include ${list}. These can be configured in Settings.`;
}

/** The authorization prompt: the first app waiting for an answer. */
export function createPromptView(dispatch) {
  const dialog = $('auth-dialog');
  const answer = (granted) => {
    const app = dialog.dataset.app;
    if (app) dispatch({ type: 'answerPrompt', app, granted });
  };
  $('auth-allow').addEventListener('click', () => answer(true));
  $('auth-deny').addEventListener('click', () => answer(false));
  let shown = null;

  return function render(state) {
    const prompt = state.prompts[0];
    if (!prompt) {
      shown = null;
      if (dialog.open) closeDialog(dialog);
      return;
    }
    if (prompt === shown && dialog.open) return;
    shown = prompt;
    dialog.dataset.app = prompt.app;
    $('auth-title').textContent = `“${prompt.name}” Would Like to Send You Notifications`;
    $('auth-message').textContent = promptMessage(prompt.options);
    openDialog(dialog, $('auth-allow'));
  };
}

const REPLY_CARDS = { banner: '#banners .card', alert: '#alert-card .card', item: '.delivered-item', summary: '#summary .card' };

/** Moves the focus where the last action asked, once per request. */
export function createFocusView() {
  let done = null;
  return function render(state) {
    const request = state.focus;
    if (!request || request === done) return;
    done = request;
    if (request.kind === 'app') {
      const section = $(sectionID(request.app));
      const heading = section?.querySelector('.app-name');
      if (!heading) return;
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      section.scrollIntoView({ block: 'start', behavior: 'smooth' });
    } else if (request.kind === 'settings') {
      $(sectionID(request.app))?.querySelector('.settings-panel .pref-allow')?.focus();
    } else if (request.kind === 'summary') {
      const card = $('summary');
      if (!card.hidden) {
        card.focus({ preventScroll: true });
        card.scrollIntoView({ block: 'start', behavior: 'smooth' });
      }
    } else if (request.kind === 'reply') {
      const [kind, id] = [request.key.slice(0, request.key.indexOf(':')), request.key.slice(request.key.indexOf(':') + 1)];
      document.querySelector(`${REPLY_CARDS[kind]}[data-delivery="${CSS.escape(id)}"] .reply-input`)?.focus();
    }
  };
}
