/* One app's delivered and scheduled lists, rendered from its state. */

import { button, element } from './dom.js';
import { cardKey } from './reducer.js';
import { deliveryInfo } from './rules.js';
import { cardFor } from './view-cards.js';
import { clockTime, timeElement } from './view-time.js';

/**
 * Makes a list show `values` in order, keeping the items it already has (and so
 * the focus and any half-typed reply in them) and building only the new ones;
 * `update(item, value)` may replace a kept item's content.
 */
export function reconcile(list, values, key, build, update = () => {}) {
  const existing = new Map([...list.children].map((item) => [item.dataset.key, item]));
  const wanted = new Set(values.map(key));
  for (const [itemKey, item] of existing) {
    if (!wanted.has(itemKey)) item.remove();
  }
  let previous = null;
  for (const value of values) {
    const itemKey = key(value);
    let item = existing.get(itemKey);
    if (item) {
      update(item, value);
    } else {
      item = build(value);
      item.dataset.key = itemKey;
    }
    const position = previous ? previous.nextElementSibling : list.firstElementChild;
    if (item !== position) list.insertBefore(item, position);
    previous = item;
  }
}

export function renderDelivered(section, entry, state, dispatch) {
  const deliveries = entry.delivered ?? [];
  const view = (delivery) => ({
    dispatch, appName: entry.app.name, offset: state.clockOffset,
    reply: state.replies[cardKey('item', delivery.id)],
  });
  const card = (item, delivery) => {
    const current = item.querySelector('article.card');
    const next = cardFor(current, deliveryInfo(delivery), 'item', view(delivery));
    if (next !== current) current ? current.replaceWith(next) : item.append(next);
    markHeld(item, state.held[delivery.id], state.clockOffset);
  };
  reconcile(section.querySelector('.delivered-list'), deliveries, (delivery) => delivery.id, (delivery) => {
    const item = element('li', 'delivered-item');
    item.dataset.delivery = delivery.id;
    card(item, delivery);
    return item;
  }, card);
  section.querySelector('.delivered-empty').hidden = deliveries.length > 0;
  section.querySelector('.clear-delivered').hidden = deliveries.length === 0;
}

/** Marks a delivered item that waits for the scheduled summary, with the summary's time. */
function markHeld(item, held, offset) {
  item.classList.toggle('held-for-summary', Boolean(held));
  let note = item.querySelector('.held-note');
  if (!held) {
    note?.remove();
    return;
  }
  const text = `Waiting for the summary at ${clockTime(held.until, offset)}`;
  if (!note) {
    note = element('p', 'held-note');
    item.prepend(note);
  }
  if (note.textContent !== text) note.textContent = text;
}

export function renderPending(section, entry, state, dispatch) {
  const requests = entry.pending ?? [];
  reconcile(section.querySelector('.pending-list'), requests, (pending) => JSON.stringify(pending),
    (pending) => pendingItem(entry.app.identifier, pending, state.clockOffset, dispatch));
  section.querySelector('.pending-empty').hidden = requests.length > 0;
}

function pendingItem(app, pending, offset, dispatch) {
  const { request } = pending;
  const item = element('li', 'pending-item');
  item.dataset.request = request.identifier;
  const text = element('div', 'pending-text');
  text.append(element('span', 'pending-title', request.content.title || request.identifier));
  const when = element('span', 'pending-when', describeTrigger(request.trigger));
  if (pending.nextFireDate) {
    when.append(' · next ');
    when.append(timeElement(pending.nextFireDate, offset));
  }
  text.append(when);
  const cancel = button('pending-cancel', 'Cancel', () => dispatch({ type: 'cancelPending', app, request: request.identifier }));
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
    case 'push': return 'Pushed';
    default: return repeats;
  }
}

function formatInterval(seconds) {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}
