/*
 * Notification cards (a banner, the alert, an item of the delivered list): built
 * from state, they dispatch the answers given on them.
 */

import { fetchBlob } from '../common/api.js';
import { button, element } from './dom.js';
import { cardKey } from './reducer.js';
import { DEFAULT_ACTION } from './rules.js';
import { timeElement } from './view-time.js';

const signatures = new WeakMap();

/** What a card shows, as a string. */
function signature(info, kind, { appName, reply }) {
  return JSON.stringify([kind, appName, reply ?? null, info.delivery, info.actions, info.bannerActions, info.reportsDismissal,
    info.breaksThrough ?? false]);
}

/**
 * `card` when it shows what `info` and `view` say (so the focus and a
 * half-typed reply in it stay), else a new card.
 */
export function cardFor(card, info, kind, view) {
  return card && signatures.get(card) === signature(info, kind, view) ? card : buildCard(info, kind, view);
}

/**
 * A card for one delivery. `kind` is banner, alert or item (in the list);
 * `info` is {delivery, actions, bannerActions, reportsDismissal, breaksThrough}; `view` is
 * {dispatch, appName, reply (the open text-input action), offset (the clock's)}.
 * An image attachment shows as a thumbnail (img.card-thumbnail) under the text.
 */
export function buildCard(info, kind, view) {
  const { delivery } = info;
  const { dispatch, appName } = view;
  const content = delivery.request.content;
  const card = element('article', `card ${kind}`);
  card.dataset.delivery = delivery.id;
  card.dataset.app = delivery.app;
  signatures.set(card, signature(info, kind, view));
  const titleID = kind === 'alert' ? 'alert-title' : `${kind}-title-${delivery.id}`;
  card.setAttribute('aria-labelledby', titleID);

  const top = element('header', 'card-top');
  top.append(element('span', 'card-app', appName));
  // Shown although Focus or Do Not Disturb keeps the others quiet.
  if (info.breaksThrough) {
    top.append(element('span', 'card-breakthrough', content.interruptionLevel === 'critical' ? 'Critical' : 'Time Sensitive'));
  }
  top.append(timeElement(delivery.date, view.offset));
  const close = button('card-close', '×', () => dispatch({ type: 'dismiss', info }));
  close.setAttribute('aria-label', `Close notification “${content.title || appName}”`);
  top.append(close);

  const body = button('card-body', undefined, () => dispatch({ type: 'respond', info, action: DEFAULT_ACTION }));
  const title = element('span', 'card-title', content.title || appName);
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
  const actions = kind === 'banner' ? info.bannerActions : info.actions;
  const reply = view.reply && actions.find((a) => a.identifier === view.reply && a.textInput);
  card.append(top, body, reply ? buildReply(info, reply, dispatch) : buildActions(info, kind, actions, dispatch));
  if (reply && kind === 'banner') card.classList.add('held');
  if (kind === 'item') card.append(buildProvisionalChoice(delivery.app, dispatch));
  return card;
}

/**
 * Keep / Turn Off under a delivered notification of an app authorized
 * provisionally (shown by CSS while its section is `data-provisional="true"`):
 * keeping authorizes the app, turning off denies it.
 */
function buildProvisionalChoice(app, dispatch) {
  const choice = element('div', 'card-provisional');
  choice.append(element('span', 'provisional-note', 'Delivered quietly.'));
  choice.append(button('action-button provisional-keep', 'Keep', () => dispatch({ type: 'decideProvisional', app, keep: true })));
  choice.append(button('action-button provisional-off destructive', 'Turn Off',
    () => dispatch({ type: 'decideProvisional', app, keep: false })));
  return choice;
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

function buildActions(info, kind, list, dispatch) {
  const actions = element('div', 'card-actions');
  const key = cardKey(kind, info.delivery.id);
  for (const action of list) {
    const classes = ['action-button'];
    if (action.options.includes('destructive')) classes.push('destructive');
    const node = button(classes.join(' '), action.title, () => {
      if (action.textInput) dispatch({ type: 'replyOpened', key, action: action.identifier });
      else dispatch({ type: 'respond', info, action: action.identifier });
    });
    node.dataset.action = action.identifier;
    actions.append(node);
  }
  if (kind === 'alert') {
    actions.append(button('action-button alert-close', 'Close', () => dispatch({ type: 'dismiss', info })));
  }
  actions.hidden = actions.childElementCount === 0;
  return actions;
}

/** The text-input action's field and send button, in place of the card's buttons. */
function buildReply(info, action, dispatch) {
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
    dispatch({ type: 'respond', info, action: action.identifier, text: field.value });
  });
  return form;
}
