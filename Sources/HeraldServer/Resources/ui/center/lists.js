/*
 * One app's delivered and scheduled lists, read again when events say they
 * changed: refreshes asked for in a burst are coalesced, and a reading that an
 * older one overtakes is dropped.
 */

import { ApiError, api } from '../common/api.js';
import { openLinkedReply } from './apps.js';
import { buildCard } from './cards.js';
import { button, element } from './dom.js';
import { showAlerts } from './presentations.js';
import { refreshBadge, refreshPreferences } from './settings.js';
import { appName, appPath, state } from './state.js';
import { report, say } from './status.js';
import { refreshClock, timeElement } from './time.js';

const refreshers = {
  delivered: refreshDelivered,
  pending: refreshPending,
  badge: refreshBadge,
  preferences: refreshPreferences,
};
const scheduled = new Map();
const generations = new Map();

/** Coalesces refreshes of one app's list that events ask for in a burst. */
export function scheduleRefresh(identifier, kind) {
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
export function deliveryInfo(delivery, categories) {
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

export async function clearDelivered(identifier) {
  try {
    await api('DELETE', `${appPath(identifier)}/delivered`);
    say(`${appName(identifier)}’s notifications cleared.`);
  } catch (error) {
    report(error);
  }
  scheduleRefresh(identifier, 'delivered');
}
