/*
 * Herald's web notification center: live banners and alerts from the event
 * stream, each app's delivered and scheduled notifications, badges, Settings,
 * and authorization prompts. Plain JavaScript modules against the daemon's /v1
 * API: this one starts the page; the others in this folder each hold one part
 * of it, and ../common holds what the apps' pages use too (API calls, the event
 * stream).
 *
 * Stable hooks (tests and styles rely on them):
 *   #connection[data-state=connecting|live|offline]   event stream state
 *   #desktop-notifications     switch: also show browser (desktop) notifications
 *   #status                    aria-live status line; .status.error for errors
 *   #announcer                 aria-live line announcing new notifications
 *   #app-tabs > li > a.app-tab[data-app][aria-current]   app navigation (tabs at phone width)
 *   #apps > section.app-section[data-app]               one per app, id "app-<identifier>"
 *     .app-name .app-badge .app-page-link .settings-button
 *     form.settings-panel: .pref-allow .pref-style[value=none|banner|alert] .pref-sounds .pref-badges
 *       .app-settings-button (for an app that provides its own notification settings)
 *     .badge-input .badge-set .badge-clear
 *     ul.delivered-list > li.delivered-item[data-delivery] (holds an article.card), .clear-delivered
 *     ul.pending-list > li.pending-item[data-request] .pending-cancel
 *   #banners > article.card.banner[data-delivery][data-app]           transient banners
 *   #alert-dialog (dialog) > #alert-card article.card.alert[data-delivery]  the alert being shown
 *   #alert-queue               "N more alerts"
 *   article.card parts: .card-app .card-time .card-close .card-body(.card-title .card-subtitle .card-text img.card-thumbnail[data-attachment])
 *     .card-actions > button.action-button[data-action](.destructive)
 *     form.card-reply > input.reply-input + button.reply-send   (text-input actions)
 *   #auth-dialog (dialog): #auth-title #auth-message #auth-deny #auth-allow
 *   body[data-beeps]           how many notification sounds played
 *   /?app=<identifier>         deep link: opens with that app selected
 *   /?reply=<delivery id>&action=<action identifier>   deep link: opens that delivered
 *                              notification's reply field for the text-input action, focused
 *   window.herald              {reconnect(), refreshAll(), stream, state} for the console and tests
 */

import { followLink, select } from './apps.js';
import { refreshAll, signOut, stream } from './events.js';
import { toggleDesktopNotifications } from './presentations.js';
import { answerPrompt } from './prompts.js';
import { $, DESKTOP_KEY, phoneWidth, state } from './state.js';
import { updateTimes } from './time.js';

function start() {
  $('auth-allow').addEventListener('click', () => answerPrompt(true));
  $('auth-deny').addEventListener('click', () => answerPrompt(false));
  // The prompt and an alert wait for an answer: Escape does not close them.
  for (const dialog of [$('auth-dialog'), $('alert-dialog')]) {
    dialog.addEventListener('cancel', (event) => event.preventDefault());
  }
  const desktop = $('desktop-notifications');
  desktop.checked = localStorage.getItem(DESKTOP_KEY) === '1' &&
    'Notification' in window && Notification.permission === 'granted';
  desktop.addEventListener('change', toggleDesktopNotifications);
  $('sign-out').addEventListener('click', signOut);
  phoneWidth.addEventListener('change', () => select(state.selected, false));
  setInterval(updateTimes, 30000);
  window.herald = { reconnect: () => stream.reconnect(), refreshAll, stream, state };
  refreshAll().then(followLink);
  stream.start();
}

start();
