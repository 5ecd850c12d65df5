/*
 * Notification cards (a banner, the alert, an item of the delivered list) and
 * the answers given on them.
 */

import { api, fetchBlob } from '../common/api.js';
import { button, element } from './dom.js';
import { scheduleRefresh } from './lists.js';
import { showAlerts } from './presentations.js';
import { showPreferences } from './settings.js';
import { DEFAULT_ACTION, DISMISS_ACTION, appName, appPath, opensApp, state } from './state.js';
import { report, say } from './status.js';
import { timeElement } from './time.js';

/**
 * A card for one delivery. `kind` is banner, alert or item (in the list);
 * `info` is {delivery, actions, reportsDismissal}. An image attachment shows as
 * a thumbnail (img.card-thumbnail) under the text.
 */
export function buildCard(info, kind) {
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
 * hidden: an <img> showing the bytes fetched from the download route with the
 * session's key (an <img> cannot send it), from a blob: address let go once shown.
 */
function buildThumbnail(delivery) {
  const attachments = delivery.request.content.attachments ?? [];
  const image = attachments.find((a) => IMAGE_TYPES.has(a.type) && a.thumbnailHidden !== true);
  if (!image) return undefined;
  const img = element('img', 'card-thumbnail');
  img.alt = image.fileName ? `Attachment ${image.fileName}` : 'Attachment';
  img.decoding = 'async';
  img.dataset.attachment = image.identifier;
  img.dataset.source = `/v1/deliveries/${encodeURIComponent(delivery.id)}/attachments/${encodeURIComponent(image.identifier)}`;
  showBlob(img, img.dataset.source);
  return img;
}

/** Fetches `path` with the session's key and shows it in `img`; a failure leaves the image empty. */
async function showBlob(img, path) {
  try {
    const address = URL.createObjectURL(await fetchBlob(path));
    const release = () => URL.revokeObjectURL(address);
    img.addEventListener('load', release, { once: true });
    img.addEventListener('error', release, { once: true });
    img.src = address;
  } catch {
    img.hidden = true;
  }
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

export function removeCards(deliveryIDs) {
  const ids = new Set(deliveryIDs);
  document.querySelectorAll('#banners .card').forEach((card) => {
    if (ids.has(card.dataset.delivery)) card.remove();
  });
  const before = state.alerts.length;
  state.alerts = state.alerts.filter((p) => !ids.has(p.delivery.id));
  if (state.alerts.length !== before) showAlerts();
}

// Answering

/** POSTs the user's answer; opens the app's page when the answer opens the app. */
export async function respond(info, actionIdentifier, userText, foreground = false) {
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
