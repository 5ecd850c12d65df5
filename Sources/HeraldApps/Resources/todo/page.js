/*
 * Todo's page: the items by deadline, overdue ones in red, and the add form,
 * disabled at 64 items. The ids and classes it uses are listed at the top of index.html.
 */

import { fail, formatDate, localInputDate, proposeNextHour, showPermission, startPage } from '/ui/apps/app-page.js';
import { button, element } from '/ui/common/elements.js';

const $ = (id) => document.getElementById(id);

function itemRow(item) {
  const row = element('li');
  row.dataset.uuid = item.UUID;
  row.classList.toggle('overdue', item.overdue);
  const deadline = element('time', 'deadline', `${item.overdue ? 'Overdue: was due' : 'Due'} ${formatDate(item.deadline)}`);
  deadline.dateTime = item.deadline;
  const text = element('div', 'grow');
  text.append(element('span', 'title', item.title), deadline);
  const complete = button('complete secondary', 'Complete', () => change('complete', { UUID: item.UUID }),
    `Complete ${item.title}`);
  row.append(text, complete);
  return row;
}

function render(list) {
  $('items').replaceChildren(...list.items.map(itemRow));
  $('items').hidden = list.items.length === 0;
  $('empty').hidden = list.items.length > 0;
  $('add').disabled = !list.canAdd;
  $('limit-note').hidden = list.canAdd;
  showPermission(list.notifications, 'Todo');
}

const change = startPage({ stateAction: 'list', render });

$('add-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const title = $('new-title');
  const deadline = localInputDate($('new-deadline'));
  if (!deadline) {
    await fail('Pick a deadline.');
    return;
  }
  if (await change('add', { title: title.value, deadline })) title.value = '';
  title.focus();
});

proposeNextHour($('new-deadline'));
