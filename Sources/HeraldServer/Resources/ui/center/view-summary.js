/*
 * The summary card: what waited for the scheduled summary, delivered together,
 * grouped by app and thread, the most relevant first. Opening an item answers
 * its delivery as opening it from the list does.
 */

import { element } from './dom.js';
import { appName, cardKey } from './reducer.js';
import { cardFor } from './view-cards.js';
import { clockTime } from './view-time.js';

const $ = (id) => document.getElementById(id);

function groupItem(group, state, dispatch, previous) {
  const item = element('li', 'summary-group');
  item.dataset.app = group.app;
  item.dataset.thread = group.threadIdentifier ?? '';
  const header = element('header', 'summary-group-header');
  header.append(element('span', 'card-app', appName(state, group.app)), element('span', 'summary-group-text', group.text));
  const list = element('ul', 'summary-items');
  for (const presentation of group.presentations) {
    const id = presentation.delivery.id;
    const view = { dispatch, appName: appName(state, group.app), offset: state.clockOffset, reply: state.replies[cardKey('summary', id)] };
    const row = element('li', 'summary-item');
    row.dataset.delivery = id;
    row.append(cardFor(previous.get(id), presentation, 'summary', view));
    list.append(row);
  }
  item.append(header, list);
  return item;
}

/** The summary card's view. */
export function createSummaryView(dispatch) {
  $('summary-close').addEventListener('click', () => dispatch({ type: 'summaryClosed' }));
  let shown = null;
  let replies = null;

  return function render(state) {
    const { summary } = state;
    const section = $('summary');
    section.hidden = !summary;
    if (summary === shown && state.replies === replies) return;
    shown = summary;
    replies = state.replies;
    if (!summary) {
      $('summary-groups').replaceChildren();
      return;
    }
    $('summary-time').textContent = clockTime(summary.date, state.clockOffset);
    const previous = new Map([...section.querySelectorAll('article.card.summary')].map((card) => [card.dataset.delivery, card]));
    $('summary-groups').replaceChildren(...summary.groups.map((group) => groupItem(group, state, dispatch, previous)));
  };
}
