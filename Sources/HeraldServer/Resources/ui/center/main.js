/*
 * Herald's web notification center: live banners and alerts from the event
 * stream, each app's delivered and scheduled notifications, badges, Settings,
 * authorization prompts, Focus and the scheduled summary. Plain JavaScript modules against the daemon's /v1
 * API, importing in one direction (scripts/check-web fails on a cycle):
 *
 *   main.js           builds the store and wires the rest to it (this file)
 *   view-*.js         render the state into the page; their controls dispatch actions
 *   events.js         the event stream: each event dispatches actions, reads lists again
 *   effects.js        what actions ask of the world: API calls, then actions again
 *                     (effects-push.js: Web Push's; /push-worker.js is the service worker)
 *   reading.js        reads the daemon's state into the store (coalesced, newest wins)
 *   store.js          one store: reducer, one render per batch of changes, effects
 *   reducer.js        the state (plain data) and every change to it; pure
 *   rules.js          what a delivery offers from its category; pure
 *   ../common/        what the apps' pages use too (API calls, the event stream, elements)
 *
 * Stable hooks (tests and styles rely on them):
 *   #connection[data-state=connecting|live|offline]   event stream state
 *   #desktop-notifications     switch: also show browser (desktop) notifications
 *   #push-notifications        switch: this browser gets notifications with the center closed (Web Push)
 *   #status                    aria-live status line; .status.error for errors
 *   #announcer                 aria-live line announcing new notifications
 *   #app-tabs > li > a.app-tab[data-app][aria-current]   app navigation (tabs at phone width)
 *   #apps > section.app-section[data-app]               one per app, id "app-<identifier>"
 *     .app-name .app-badge .app-page-link .settings-button
 *     form.settings-panel: .pref-allow .pref-style[value=none|banner|alert] .pref-sounds .pref-badges
 *       .app-settings-button (for an app that provides its own notification settings)
 *       .push-group > ul.push-browsers > li.push-browser-item input.push-browser[data-browser]
 *         (each subscribed browser; checked: it gets the app's notifications)
 *     .badge-input .badge-set .badge-clear
 *     ul.delivered-list > li.delivered-item[data-delivery] (holds an article.card), .clear-delivered
 *     ul.pending-list > li.pending-item[data-request] .pending-cancel
 *   #banners > article.card.banner[data-delivery][data-app]           transient banners
 *   #alert-dialog (dialog) > #alert-card article.card.alert[data-delivery]  the alert being shown
 *   #alert-queue               "N more alerts"
 *   article.card parts: .card-app .card-breakthrough (shown through Focus) .card-time .card-close .card-body(.card-title .card-subtitle .card-text img.card-thumbnail[data-attachment])
 *     .card-actions > button.action-button[data-action](.destructive)
 *     form.card-reply > input.reply-input + button.reply-send   (text-input actions)
 *   #auth-dialog (dialog): #auth-title #auth-message #auth-deny #auth-allow
 *   body[data-beeps]           how many notification sounds played
 *   /?app=<identifier>         deep link: opens with that app selected
 *   /?reply=<delivery id>&action=<action identifier>   deep link: opens that delivered
 *                              notification's reply field for the text-input action, focused
 *   #focus                     the Focus section: #focus-now[data-quiet] (what is quiet now),
 *     form#focus-switch: #focus-choice (select) #focus-length (select) #focus-on #focus-off #focus-auto
 *     #focus-settings (opens #focus-panel): ul#focus-modes > li.focus-mode[data-focus] .focus-edit, #focus-new
 *     form#focus-editor: #focus-name, #focus-apps .focus-app[data-app] (switch) .focus-criteria[data-app],
 *       #focus-time-sensitive, #focus-schedules > li.focus-schedule (.focus-day[value=1..7] .focus-start
 *       .focus-end .focus-schedule-remove), #focus-schedule-add, #focus-save #focus-cancel #focus-delete
 *     form#summary-times: .summary-time-input, #summary-time-add, #summary-save
 *   #summary                   the summary card: #summary-time #summary-close,
 *     #summary-groups > li.summary-group[data-app][data-thread] (.summary-group-text) >
 *       li.summary-item[data-delivery] > article.card.summary
 *   settings-panel .pref-time-sensitive .pref-summary   the app's Time Sensitive and Scheduled Summary switches
 *   li.delivered-item.held-for-summary > p.held-note    a delivery waiting for the summary
 *   /?summary                  opens with the latest summary card (the desktop's summary notification)
 *   window.herald              {reconnect(), refreshAll(), stream, store, state} for the console and tests
 */

import { desktopWasOn, createEffects } from './effects.js';
import { createStream } from './events.js';
import { createReading } from './reading.js';
import { initialState, reduce } from './reducer.js';
import { createKeeper, kept, takeLink } from './session.js';
import { createStore } from './store.js';
import { createAppsView } from './view-apps.js';
import { createFocusSectionView } from './view-focus.js';
import { createFocusView, createPageView, createPromptView } from './view-page.js';
import { createAlertView, createBannersView, createSoundView } from './view-presentations.js';
import { createPushView } from './view-push.js';
import { createReceiversView } from './view-receivers.js';
import { createSummaryView } from './view-summary.js';
import { updateTimes } from './view-time.js';

function start() {
  const initial = initialState({ ...kept(), desktop: desktopWasOn() });
  const store = createStore(reduce, initial);
  const { dispatch } = store;
  const reading = createReading(store);
  const stream = createStream(store, reading);
  store.onAction(createEffects(store, reading, stream));

  // The prompt and an alert wait for an answer: Escape does not close them.
  for (const id of ['auth-dialog', 'alert-dialog']) {
    document.getElementById(id).addEventListener('cancel', (event) => event.preventDefault());
  }
  const views = [
    createPageView(dispatch), createAppsView(dispatch), createBannersView(dispatch),
    createAlertView(dispatch), createPromptView(dispatch), createSoundView(),
    (state) => updateTimes(state.clockOffset), createKeeper(initial), createFocusView(), createPushView(dispatch),
    createReceiversView(dispatch), createFocusSectionView(dispatch), createSummaryView(dispatch),
  ];
  store.subscribe((state) => { for (const view of views) view(state); });
  store.render();
  setInterval(() => updateTimes(store.getState().clockOffset), 30000);

  window.herald = {
    reconnect: () => stream.reconnect(), refreshAll: reading.refreshAll, stream, store,
    get state() { return store.getState(); },
  };
  const link = takeLink();
  reading.refreshAll().then(() => dispatch({ type: 'followLink', link }));
  dispatch({ type: 'pushStarted' });
  stream.start();
}

start();
