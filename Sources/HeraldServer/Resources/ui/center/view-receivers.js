/*
 * Herald as a push service, in the page: who receives pushes through it (UnifiedPush
 * apps on the desktop, browsers whose push service it is) and their subscriptions,
 * each with a button that removes it.
 */

import { element } from './dom.js';

const $ = (id) => document.getElementById(id);

const KIND = { unifiedPush: 'UnifiedPush app', browser: 'Browser' };

function subscriptionItem(receiver, subscription, dispatch) {
  const item = element('li', 'push-subscription');
  const when = new Date(subscription.subscribedAt).toLocaleString();
  const text = `Subscribed ${when}${subscription.vapid ? ', signed by its server' : ''}`;
  const remove = element('button', 'push-receiver-remove', 'Remove');
  remove.type = 'button';
  remove.dataset.receiver = receiver.receiver;
  remove.dataset.channel = subscription.channel;
  remove.setAttribute('aria-label', `Remove ${receiver.name}'s subscription of ${when}`);
  remove.addEventListener('click', () => dispatch({
    type: 'pushSubscriptionRemoved', receiver: receiver.receiver, channel: subscription.channel,
  }));
  item.append(element('span', 'push-subscription-text', text), remove);
  return item;
}

function receiverItem(receiver, dispatch) {
  const item = element('li', 'push-receiver');
  item.dataset.receiver = receiver.receiver;
  const title = element('p', 'push-receiver-name');
  title.append(
    element('span', 'push-receiver-title', receiver.name),
    element('span', 'push-receiver-kind', ` ${KIND[receiver.kind] ?? receiver.kind}${receiver.connected ? '' : ', not connected'}`));
  const list = element('ul', 'push-subscriptions');
  list.append(...receiver.subscriptions.map((subscription) => subscriptionItem(receiver, subscription, dispatch)));
  item.append(title, list);
  return item;
}

/** The push service's section: hidden while nobody receives through it. */
export function createReceiversView(dispatch) {
  let drawn = null;
  return function render(state) {
    if (state.receivers === drawn) return;
    drawn = state.receivers;
    $('push-service').hidden = state.receivers.length === 0;
    $('push-receivers').replaceChildren(...state.receivers.map((receiver) => receiverItem(receiver, dispatch)));
  };
}
