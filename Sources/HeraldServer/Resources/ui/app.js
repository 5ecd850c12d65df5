/*
 * Herald's web notification center: live banners and alerts from the event
 * stream, each app's delivered and scheduled notifications, badges, Settings,
 * and authorization prompts. Plain JavaScript against the daemon's /v1 API.
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
 *   window.herald              {reconnect(), refreshAll()} for the console and tests
 */
'use strict';

const DEFAULT_ACTION = 'com.apple.UNNotificationDefaultActionIdentifier';
const DISMISS_ACTION = 'com.apple.UNNotificationDismissActionIdentifier';
const BANNER_MILLISECONDS = 6000;
const MAX_BANNERS = 3;
const SHOWN_KEY = 'herald.shownDeliveries';
const ALERTS_KEY = 'herald.openAlerts';
const DESKTOP_KEY = 'herald.desktopNotifications';
const phoneWidth = window.matchMedia('(max-width: 700px)');

const state = {
  apps: new Map(),          // identifier → {app, section, prefs, categories, tab}
  selected: null,
  shown: new Set(readSession(SHOWN_KEY, [])),
  alerts: [],               // presentations waiting in (or shown by) the alert dialog
  restoredAlerts: readSession(ALERTS_KEY, []),
  prompts: [],              // authorization prompts, first one shown
  lastSequence: null,
  clockOffset: 0,           // the daemon's clock minus the browser's, in ms
  socket: null,
  retries: 0,
  reconnectTimer: null,
  link: takeLink(),         // the address's deep link, followed once the apps are known
  replyLink: null,          // {app, delivery, action}: a reply field to open once listed
};

const $ = (id) => document.getElementById(id);

// MARK: - The API

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Calls the daemon; state-changing calls carry the CSRF header. */
async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-Herald-CSRF'] = '1';
  const init = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, 'network', 'The daemon cannot be reached. Is herald serve running?');
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) {
    const detail = data && data.error ? data.error : { code: String(response.status), message: response.statusText };
    throw new ApiError(response.status, detail.code, detail.message);
  }
  return data;
}

const appPath = (app) => `/v1/apps/${encodeURIComponent(app)}`;

/** Shows a message in the status line; errors stay until the next message. */
function say(message, isError = false) {
  const status = $('status');
  status.textContent = message;
  status.classList.toggle('error', isError);
}

function report(error) {
  if (error instanceof ApiError && error.status === 401) {
    say('You are signed out: open the address that herald serve printed.', true);
  } else {
    say(error instanceof ApiError ? `${error.message} (${error.code})` : String(error), true);
  }
}

/**
 * The deep link in the address (`?app=`, or `?reply=` with `&action=`), taken out
 * of it so that a reload does not follow it again.
 */
function takeLink() {
  const query = new URLSearchParams(window.location.search);
  if (window.location.search) history.replaceState(null, '', window.location.pathname);
  const link = { app: query.get('app'), reply: query.get('reply'), action: query.get('action') };
  return link.app || link.reply ? link : null;
}

function announce(message) {
  const line = document.createElement('p');
  line.textContent = message;
  $('announcer').replaceChildren(line);
}

// MARK: - Storage and time

function readSession(key, fallback) {
  try { return JSON.parse(sessionStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}

function writeSession(key, value) {
  try { sessionStorage.setItem(key, JSON.stringify(value)); } catch { /* storage full or disabled */ }
}

function remember(deliveryID) {
  state.shown.add(deliveryID);
  writeSession(SHOWN_KEY, [...state.shown].slice(-500));
}

const daemonNow = () => Date.now() + state.clockOffset;

async function refreshClock() {
  const clock = await api('GET', '/v1/clock');
  state.clockOffset = Date.parse(clock.now) - Date.now();
  updateTimes();
}

function relativeTime(iso) {
  const seconds = Math.round((Date.parse(iso) - daemonNow()) / 1000);
  const size = Math.abs(seconds);
  if (size < 45) return 'now';
  const [value, unit] = size < 3600 ? [Math.round(size / 60), 'min']
    : size < 86400 ? [Math.round(size / 3600), 'h'] : [Math.round(size / 86400), 'd'];
  return seconds < 0 ? `${value} ${unit} ago` : `in ${value} ${unit}`;
}

function timeElement(iso) {
  const time = document.createElement('time');
  time.className = 'card-time';
  time.dateTime = iso;
  time.title = new Date(iso).toLocaleString();
  time.textContent = relativeTime(iso);
  return time;
}

function updateTimes() {
  document.querySelectorAll('time[datetime]').forEach((time) => {
    time.textContent = relativeTime(time.dateTime);
  });
}

// MARK: - Elements

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(className, text, onClick) {
  const node = element('button', className, text);
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

function appName(identifier) {
  return state.apps.get(identifier)?.app.name ?? identifier;
}

const opensApp = (action) => action.options.includes('foreground');

// MARK: - Notification cards

/**
 * A card for one delivery. `kind` is banner, alert or item (in the list);
 * `info` is {delivery, actions, reportsDismissal}. An image attachment shows as
 * a thumbnail (img.card-thumbnail) under the text.
 */
function buildCard(info, kind) {
  const { delivery } = info;
  const content = delivery.request.content;
  const card = element('article', `card ${kind}`);
  card.dataset.delivery = delivery.id;
  card.dataset.app = delivery.app;
  const titleID = kind === 'alert' ? 'alert-title' : `${kind}-title-${delivery.id}`;
  card.setAttribute('aria-labelledby', titleID);

  const top = element('header', 'card-top');
  top.append(element('span', 'card-app', appName(delivery.app)), timeElement(delivery.date));
  const close = button('card-close', '×', () => dismiss(info));
  close.setAttribute('aria-label', `Close notification “${content.title || appName(delivery.app)}”`);
  top.append(close);

  const body = button('card-body', undefined, () => respond(info, DEFAULT_ACTION));
  const title = element('span', 'card-title', content.title || appName(delivery.app));
  title.id = titleID;
  body.append(title);
  if (content.subtitle) body.append(element('span', 'card-subtitle', content.subtitle));
  if (content.body) {
    const text = element('span', 'card-text', content.body);
    if (kind === 'alert') text.id = 'alert-body';
    body.append(text);
  }
  const thumbnail = buildThumbnail(delivery);
  if (thumbnail) body.append(thumbnail);
  body.setAttribute('aria-label', `Open: ${[content.title, content.subtitle, content.body].filter(Boolean).join('. ')}`);
  card.append(top, body, buildActions(info, kind));
  if (kind === 'item') card.append(buildProvisionalChoice(delivery.app));
  return card;
}

/**
 * Keep / Turn Off under a delivered notification of an app authorized
 * provisionally (shown by CSS while its section is `data-provisional="true"`):
 * keeping authorizes the app, turning off denies it.
 */
function buildProvisionalChoice(identifier) {
  const choice = element('div', 'card-provisional');
  choice.append(element('span', 'provisional-note', 'Delivered quietly.'));
  choice.append(button('action-button provisional-keep', 'Keep', () => decideProvisional(identifier, true)));
  choice.append(button('action-button provisional-off destructive', 'Turn Off',
    () => decideProvisional(identifier, false)));
  return choice;
}

async function decideProvisional(identifier, keep) {
  const entry = state.apps.get(identifier);
  const change = { authorizationStatus: keep ? 'authorized' : 'denied' };
  if (keep && (entry?.prefs?.grantedOptions ?? []).filter((o) => o !== 'provisional').length === 0) {
    change.grantedOptions = ['alert', 'sound', 'badge'];
  }
  try {
    showPreferences(identifier, await api('PATCH', `${appPath(identifier)}/preferences`, change));
    say(`${appName(identifier)}: notifications ${keep ? 'kept' : 'turned off'}.`);
  } catch (error) {
    report(error);
  }
}

/** The image types the center shows as a thumbnail. */
const IMAGE_TYPES = new Set(['public.jpeg', 'com.compuserve.gif', 'public.png']);

/**
 * The thumbnail of a delivery's first image attachment whose thumbnail is not
 * hidden: an <img> loaded from the download route with the session's cookie.
 */
function buildThumbnail(delivery) {
  const attachments = delivery.request.content.attachments ?? [];
  const image = attachments.find((a) => IMAGE_TYPES.has(a.type) && a.thumbnailHidden !== true);
  if (!image) return undefined;
  const img = element('img', 'card-thumbnail');
  img.src = `/v1/deliveries/${encodeURIComponent(delivery.id)}/attachments/${encodeURIComponent(image.identifier)}`;
  img.alt = image.fileName ? `Attachment ${image.fileName}` : 'Attachment';
  img.decoding = 'async';
  img.dataset.attachment = image.identifier;
  return img;
}

function buildActions(info, kind) {
  const actions = element('div', 'card-actions');
  const list = kind === 'banner' ? info.bannerActions : info.actions;
  for (const action of list) {
    const classes = ['action-button'];
    if (action.options.includes('destructive')) classes.push('destructive');
    const node = button(classes.join(' '), action.title, () => {
      if (action.textInput) openReply(actions, info, action);
      else respond(info, action.identifier, undefined, opensApp(action));
    });
    node.dataset.action = action.identifier;
    actions.append(node);
  }
  if (kind === 'alert') {
    actions.append(button('action-button alert-close', 'Close', () => dismiss(info)));
  }
  actions.hidden = actions.childElementCount === 0;
  return actions;
}

/** Replaces a card's buttons with the text-input action's field and send button. */
function openReply(actions, info, action) {
  const form = element('form', 'card-reply');
  form.dataset.action = action.identifier;
  const field = element('input', 'reply-input');
  field.type = 'text';
  field.placeholder = action.textInput.placeholder;
  field.setAttribute('aria-label', action.title);
  field.required = true;
  const send = element('button', 'reply-send', action.textInput.buttonTitle || 'Send');
  send.type = 'submit';
  form.append(field, send);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    respond(info, action.identifier, field.value, opensApp(action));
  });
  actions.replaceWith(form);
  actions.closest('.banner')?.classList.add('held');
  field.focus();
}

function removeCards(deliveryIDs) {
  const ids = new Set(deliveryIDs);
  document.querySelectorAll('#banners .card').forEach((card) => {
    if (ids.has(card.dataset.delivery)) card.remove();
  });
  const before = state.alerts.length;
  state.alerts = state.alerts.filter((p) => !ids.has(p.delivery.id));
  if (state.alerts.length !== before) showAlerts();
}

// MARK: - Answering

/** POSTs the user's answer; opens the app's page when the answer opens the app. */
async function respond(info, actionIdentifier, userText, foreground = false) {
  const { delivery } = info;
  const body = { actionIdentifier };
  if (userText !== undefined) body.userText = userText;
  try {
    await api('POST', `/v1/deliveries/${encodeURIComponent(delivery.id)}/response`, body);
  } catch (error) {
    report(error);
    // Answered or removed elsewhere: the card is stale.
    if (error.code === 'deliveryNotFound' || error.code === 'notFound') removeCards([delivery.id]);
    scheduleRefresh(delivery.app, 'delivered');
    return;
  }
  removeCards([delivery.id]);
  scheduleRefresh(delivery.app, 'delivered');
  say(actionIdentifier === DISMISS_ACTION ? 'Notification closed.' : 'Answer sent.');
  const page = state.apps.get(delivery.app)?.app.pageURL;
  if (page && page.startsWith('/') && !page.startsWith('//') && (actionIdentifier === DEFAULT_ACTION || foreground)) {
    window.location.assign(page);
  }
}

/** Closes a notification: reported to the app only when its category asks for it. */
async function dismiss(info) {
  if (info.reportsDismissal) {
    await respond(info, DISMISS_ACTION);
    return;
  }
  const { delivery } = info;
  removeCards([delivery.id]);
  document.querySelectorAll(`.delivered-item[data-delivery="${CSS.escape(delivery.id)}"]`).forEach((n) => n.remove());
  try {
    await api('DELETE', `${appPath(delivery.app)}/delivered/${encodeURIComponent(delivery.request.identifier)}`);
    say('Notification removed.');
  } catch (error) {
    report(error);
  }
  scheduleRefresh(delivery.app, 'delivered');
}

// MARK: - Presentations: banners, alerts, sound, desktop notifications

function present(presentation) {
  const { delivery } = presentation;
  if (state.shown.has(delivery.id)) return;
  remember(delivery.id);
  if (presentation.sound) beep();
  if (presentation.style === 'none') return;
  const content = delivery.request.content;
  announce(`${presentation.style === 'alert' ? 'Alert' : 'Notification'} from ${appName(delivery.app)}: ` +
    `${[content.title, content.body].filter(Boolean).join('. ')}`);
  showDesktopNotification(presentation);
  if (presentation.style === 'alert') {
    state.alerts.push(presentation);
    showAlerts();
  } else {
    showBanner(presentation);
  }
}

function showBanner(presentation) {
  const region = $('banners');
  const card = buildCard(presentation, 'banner');
  region.prepend(card);
  while (region.childElementCount > MAX_BANNERS) region.lastElementChild.remove();
  let timer = null;
  const start = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!card.classList.contains('held')) card.remove();
    }, BANNER_MILLISECONDS);
  };
  const hold = () => clearTimeout(timer);
  card.addEventListener('mouseenter', hold);
  card.addEventListener('focusin', hold);
  card.addEventListener('mouseleave', () => { if (!card.contains(document.activeElement)) start(); });
  card.addEventListener('focusout', (event) => { if (!card.contains(event.relatedTarget)) start(); });
  start();
}

/** Shows the first waiting alert in the alert dialog, or closes it. */
function showAlerts() {
  const dialog = $('alert-dialog');
  writeSession(ALERTS_KEY, state.alerts);
  const current = state.alerts[0];
  if (!current) {
    if (dialog.open) closeDialog(dialog);
    return;
  }
  const more = state.alerts.length - 1;
  $('alert-queue').hidden = more === 0;
  $('alert-queue').textContent = more === 1 ? '1 more alert' : `${more} more alerts`;
  if (dialog.open && $('alert-card').firstElementChild?.dataset.delivery === current.delivery.id) return;
  $('alert-card').replaceChildren(buildCard(current, 'alert'));
  openDialog(dialog, dialog.querySelector('.action-button, .card-body'));
}

let audioContext = null;

/** A short two-tone chime made with WebAudio. */
function beep() {
  document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  try {
    audioContext = audioContext || new AudioContext();
    const start = audioContext.currentTime;
    for (const [offset, frequency] of [[0, 880], [0.12, 1320]]) {
      const tone = audioContext.createOscillator();
      const gain = audioContext.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
      tone.connect(gain).connect(audioContext.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.22);
    }
  } catch { /* no audio output */ }
}

function showDesktopNotification(presentation) {
  if (!$('desktop-notifications').checked || !('Notification' in window)) return;
  if (Notification.permission !== 'granted') return;
  const content = presentation.delivery.request.content;
  const notification = new Notification(content.title || appName(presentation.delivery.app), {
    body: [content.subtitle, content.body].filter(Boolean).join('\n'),
    tag: presentation.delivery.id,
  });
  notification.onclick = () => { window.focus(); respond(presentation, DEFAULT_ACTION); };
}

async function toggleDesktopNotifications(event) {
  const toggle = event.target;
  if (!toggle.checked) {
    localStorage.removeItem(DESKTOP_KEY);
    return;
  }
  if (!('Notification' in window)) {
    toggle.checked = false;
    say('This browser has no desktop notifications.', true);
    return;
  }
  const permission = await Notification.requestPermission();
  toggle.checked = permission === 'granted';
  if (toggle.checked) {
    localStorage.setItem(DESKTOP_KEY, '1');
    say('Desktop notifications are on.');
  } else {
    localStorage.removeItem(DESKTOP_KEY);
    say('The browser did not allow desktop notifications.', true);
  }
}

// MARK: - Dialogs

const returnFocus = new Map();

function openDialog(dialog, focus) {
  if (!dialog.open) {
    returnFocus.set(dialog, document.activeElement);
    dialog.showModal();
  }
  focus?.focus();
}

function closeDialog(dialog) {
  dialog.close();
  const previous = returnFocus.get(dialog);
  returnFocus.delete(dialog);
  if (previous && previous.isConnected && !document.querySelector('dialog[open]')) previous.focus();
}

// MARK: - Authorization prompts

function addPrompt(prompt) {
  if (state.prompts.some((p) => p.app === prompt.app)) return;
  state.prompts.push(prompt);
  showPrompt();
}

function removePrompt(app) {
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

async function answerPrompt(granted) {
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

async function refreshPrompts() {
  const { prompts } = await api('GET', '/v1/authorization-prompts');
  const waiting = new Set(prompts.map((p) => p.app));
  state.prompts = state.prompts.filter((p) => waiting.has(p.app));
  prompts.forEach(addPrompt);
  showPrompt();
}

// MARK: - Apps and their sections

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

async function refreshApps() {
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

function refreshAppLists(identifier) {
  for (const kind of ['delivered', 'pending', 'badge', 'preferences']) scheduleRefresh(identifier, kind);
}

/** Marks an app as the current one: the only section shown at phone width. */
function select(identifier, focus) {
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

// MARK: - Deep links

const GONE = 'That notification was already answered or removed.';

/** Follows the address's deep link, once: the desktop opens these for its notifications. */
async function followLink() {
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
function openLinkedReply(identifier, list, deliveries, categories) {
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

// MARK: - Lists, badges and settings of one app

const refreshers = {
  delivered: refreshDelivered,
  pending: refreshPending,
  badge: refreshBadge,
  preferences: refreshPreferences,
};
const scheduled = new Map();
const generations = new Map();

/** Coalesces refreshes of one app's list that events ask for in a burst. */
function scheduleRefresh(identifier, kind) {
  if (!state.apps.has(identifier)) return;
  const key = `${kind}\u0000${identifier}`;
  if (scheduled.has(key)) return;
  scheduled.set(key, setTimeout(async () => {
    scheduled.delete(key);
    const generation = (generations.get(key) || 0) + 1;
    generations.set(key, generation);
    const isCurrent = () => generations.get(key) === generation && state.apps.has(identifier);
    try {
      await refreshers[kind](identifier, isCurrent);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) report(error);
    }
  }, 30));
}

function listEntry(identifier) {
  return state.apps.get(identifier);
}

async function refreshDelivered(identifier, isCurrent) {
  const path = appPath(identifier);
  const [{ deliveries }, { categories }] = await Promise.all([
    api('GET', `${path}/delivered`), api('GET', `${path}/categories`),
  ]);
  const entry = listEntry(identifier);
  if (!isCurrent() || !entry) return;
  const categoriesKey = JSON.stringify(categories);
  const list = entry.section.querySelector('.delivered-list');
  if (entry.categoriesKey !== categoriesKey) list.replaceChildren();
  entry.categories = categories;
  entry.categoriesKey = categoriesKey;
  const sorted = deliveries.slice().sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  reconcile(list, sorted, (delivery) => delivery.id, (delivery) => {
    const item = element('li', 'delivered-item');
    item.dataset.delivery = delivery.id;
    item.append(buildCard(deliveryInfo(delivery, categories), 'item'));
    return item;
  });
  entry.section.querySelector('.delivered-empty').hidden = sorted.length > 0;
  entry.section.querySelector('.clear-delivered').hidden = sorted.length === 0;
  restoreAlerts(identifier, deliveries);
  openLinkedReply(identifier, list, deliveries, categories);
}

/**
 * Makes a list show `values` in order, keeping the items it already has (and so
 * the focus and any half-typed reply in them) and building only the new ones.
 */
function reconcile(list, values, key, build) {
  const existing = new Map([...list.children].map((item) => [item.dataset.key, item]));
  const wanted = new Set(values.map(key));
  for (const [itemKey, item] of existing) {
    if (!wanted.has(itemKey)) item.remove();
  }
  let previous = null;
  for (const value of values) {
    const itemKey = key(value);
    let item = existing.get(itemKey);
    if (!item) {
      item = build(value);
      item.dataset.key = itemKey;
    }
    const position = previous ? previous.nextElementSibling : list.firstElementChild;
    if (item !== position) list.insertBefore(item, position);
    previous = item;
  }
}

/** What a listed delivery offers, from its category. */
function deliveryInfo(delivery, categories) {
  const category = categories.find((c) => c.identifier === delivery.request.content.categoryIdentifier);
  const actions = category ? category.actions : [];
  return {
    delivery,
    actions,
    bannerActions: category ? (category.minimalActions ?? actions.slice(0, 2)) : [],
    reportsDismissal: category ? category.options.includes('customDismissAction') : false,
  };
}

/** Shows again, after a reload, the alerts that were waiting and are still delivered. */
function restoreAlerts(identifier, deliveries) {
  if (state.restoredAlerts.length === 0) return;
  const delivered = new Set(deliveries.map((d) => d.id));
  const mine = state.restoredAlerts.filter((p) => p.delivery.app === identifier);
  state.restoredAlerts = state.restoredAlerts.filter((p) => p.delivery.app !== identifier);
  const waiting = mine.filter((p) => delivered.has(p.delivery.id) &&
    !state.alerts.some((a) => a.delivery.id === p.delivery.id));
  if (waiting.length === 0) return;
  state.alerts.push(...waiting);
  showAlerts();
}

async function refreshPending(identifier, isCurrent) {
  const [{ requests }] = await Promise.all([api('GET', `${appPath(identifier)}/requests`), refreshClock()]);
  const entry = listEntry(identifier);
  if (!isCurrent() || !entry) return;
  const sorted = requests
    .slice()
    .sort((a, b) => (Date.parse(a.nextFireDate) || Infinity) - (Date.parse(b.nextFireDate) || Infinity));
  reconcile(entry.section.querySelector('.pending-list'), sorted, (pending) => JSON.stringify(pending),
    (pending) => pendingItem(identifier, pending));
  entry.section.querySelector('.pending-empty').hidden = sorted.length > 0;
}

function pendingItem(identifier, pending) {
  const { request } = pending;
  const item = element('li', 'pending-item');
  item.dataset.request = request.identifier;
  const text = element('div', 'pending-text');
  text.append(element('span', 'pending-title', request.content.title || request.identifier));
  const when = element('span', 'pending-when', describeTrigger(request.trigger));
  if (pending.nextFireDate) {
    when.append(' · next ');
    when.append(timeElement(pending.nextFireDate));
  }
  text.append(when);
  const cancel = button('pending-cancel', 'Cancel', async () => {
    try {
      await api('DELETE', `${appPath(identifier)}/requests/${encodeURIComponent(request.identifier)}`);
      say('Scheduled notification cancelled.');
    } catch (error) {
      report(error);
    }
    scheduleRefresh(identifier, 'pending');
  });
  cancel.setAttribute('aria-label', `Cancel “${request.content.title || request.identifier}”`);
  item.append(text, cancel);
  return item;
}

function describeTrigger(trigger) {
  if (!trigger) return 'At once';
  const repeats = trigger.repeats ? 'Repeats' : 'Once';
  switch (trigger.type) {
    case 'timeInterval': return `${trigger.repeats ? 'Every' : 'After'} ${formatInterval(trigger.interval)}`;
    case 'calendar': return `${repeats} on a calendar date${trigger.timeZone ? ` (${trigger.timeZone})` : ''}`;
    case 'location': return `${repeats}, at ${trigger.region?.identifier ?? 'a place'}`;
    default: return repeats;
  }
}

function formatInterval(seconds) {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

async function clearDelivered(identifier) {
  try {
    await api('DELETE', `${appPath(identifier)}/delivered`);
    say(`${appName(identifier)}’s notifications cleared.`);
  } catch (error) {
    report(error);
  }
  scheduleRefresh(identifier, 'delivered');
}

async function refreshBadge(identifier, isCurrent) {
  const { badge } = await api('GET', `${appPath(identifier)}/badge`);
  if (isCurrent()) showBadge(identifier, badge);
}

function showBadge(identifier, badge) {
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

async function setBadge(identifier, badge) {
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
function showSettings(identifier) {
  if (!state.apps.has(identifier)) return;
  select(identifier);
  const panel = state.apps.get(identifier).section.querySelector('.settings-panel');
  if (panel.hidden) toggleSettings(identifier);
  say(`${appName(identifier)} asked to show its notification settings.`);
}

function toggleSettings(identifier) {
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

async function refreshPreferences(identifier, isCurrent) {
  const prefs = await api('GET', `${appPath(identifier)}/preferences`);
  if (isCurrent()) showPreferences(identifier, prefs);
}

function showPreferences(identifier, prefs) {
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
async function openAppSettings(identifier) {
  try {
    await api('POST', `${appPath(identifier)}/settings/open`, {});
    say(`${appName(identifier)} was asked to open its notification settings.`);
  } catch (error) {
    report(error);
  }
}

/** PATCHes the one setting a control changed; on failure shows the stored one again. */
async function changePreference(identifier, control) {
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

// MARK: - The event stream

function handleEvent(event) {
  if (state.lastSequence !== null && event.sequence > state.lastSequence + 1) {
    refreshAll();
  }
  state.lastSequence = event.sequence;
  if (event.type !== 'appsChanged' && !state.apps.has(event.app)) {
    refreshApps().catch(report);
  }
  const app = event.app;
  switch (event.type) {
    case 'presented':
      present(event.presentation);
      scheduleRefresh(app, 'delivered');
      break;
    case 'delivered':
      scheduleRefresh(app, 'delivered');
      scheduleRefresh(app, 'pending');
      break;
    case 'withdrawn':
      removeCards(event.deliveries || []);
      scheduleRefresh(app, 'delivered');
      break;
    case 'responded':
      removeCards([event.response.delivery.id]);
      scheduleRefresh(app, 'delivered');
      break;
    case 'badgeChanged':
      showBadge(app, event.badge);
      break;
    case 'authorizationRequested':
      addPrompt({ app, name: event.name || appName(app), options: event.options || [] });
      break;
    case 'authorizationChanged':
      removePrompt(app);
      scheduleRefresh(app, 'preferences');
      break;
    case 'pendingChanged':
      scheduleRefresh(app, 'pending');
      break;
    case 'settingsShown':
      showSettings(app);
      break;
    case 'appsChanged':
      refreshApps().catch(report);
      break;
    default:
      break;
  }
}

/** The event stream's close code when the credential it was opened with was revoked. */
const CLOSE_REVOKED = 4401;

/** Ends this browser's session; the daemon closes its streams, and the page shows the sign-in page. */
async function signOut() {
  try {
    await api('POST', '/logout');
  } catch (error) {
    report(error);
    return;
  }
  state.socket = null;
  window.location.assign('/');
}

function setConnection(name, text) {
  $('connection').dataset.state = name;
  $('connection-text').textContent = text;
}

function connect() {
  clearTimeout(state.reconnectTimer);
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(`${scheme}://${window.location.host}/v1/events`);
  state.socket = socket;
  socket.addEventListener('open', () => {
    state.retries = 0;
    state.lastSequence = null;
    setConnection('live', 'Live');
    refreshAll();
  });
  socket.addEventListener('message', (message) => {
    try {
      handleEvent(JSON.parse(message.data));
    } catch (error) {
      report(error);
    }
  });
  socket.addEventListener('close', (event) => {
    if (state.socket !== socket) return;
    if (event.code === CLOSE_REVOKED) {
      // This browser's session ended (signed out here or elsewhere): nothing to reconnect with.
      state.socket = null;
      setConnection('offline', 'Signed out');
      window.location.assign('/');
      return;
    }
    const delay = Math.min(15000, 500 * 2 ** state.retries) * (0.8 + Math.random() * 0.4);
    state.retries += 1;
    setConnection('offline', `Offline — reconnecting in ${Math.ceil(delay / 1000)} s`);
    state.reconnectTimer = setTimeout(connect, delay);
  });
}

/** Closes the stream and opens it again at once (the console's and the tests' hook). */
function reconnect() {
  const old = state.socket;
  state.socket = null;
  old?.close();
  state.retries = 0;
  connect();
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
        await Promise.all([refreshApps(), refreshPrompts(), refreshClock()]);
        for (const identifier of state.apps.keys()) refreshAppLists(identifier);
      } catch (error) {
        report(error);
      }
    } while (refreshAgain);
    refreshing = null;
  })();
  return refreshing;
}

// MARK: - Start

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
  window.herald = { reconnect, refreshAll };
  refreshAll().then(followLink);
  connect();
}

start();
