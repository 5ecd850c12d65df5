/*
 * Shopping List's page: the list with its add field, and the reminder's date and
 * time picker. The ids and classes it uses are listed at the top of index.html.
 */

import { fail, formatDate, localInputDate, proposeNextHour, showPermission, startPage } from '/ui/apps/app-page.js';
import { button, element } from '/ui/common/elements.js';

const $ = (id) => document.getElementById(id);

function itemRow(item) {
  const row = element('li');
  row.dataset.id = item.id;
  const remove = button('delete danger', 'Delete', () => change('deleteItem', { id: item.id }), `Delete ${item.name}`);
  row.append(element('span', 'item-name', item.name), remove);
  return row;
}

function render(state) {
  $('items').replaceChildren(...state.items.map(itemRow));
  $('items').hidden = state.items.length === 0;
  $('empty').hidden = state.items.length > 0;
  const status = $('reminder-status');
  status.dataset.reminder = state.reminder || '';
  status.textContent = state.reminder ? `Reminder set for ${formatDate(state.reminder)}.` : 'No reminder set.';
  $('cancel-reminder').disabled = !state.reminder;
  showPermission(state.notifications, 'Shopping List');
}

const change = startPage({
  stateAction: 'state',
  render,
  // "Edit list" opened the app: the state says once to focus the add field.
  onRefresh: (state) => { if (state.focusAddItem) $('new-item').focus(); },
});

$('add-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const field = $('new-item');
  if (await change('addItem', { name: field.value })) field.value = '';
  field.focus();
});

$('reminder-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const date = localInputDate($('reminder-time'));
  if (!date) {
    await fail('Pick a date and a time for the reminder.');
    return;
  }
  await change('scheduleReminder', { date });
});

$('cancel-reminder').addEventListener('click', () => change('cancelReminder'));

proposeNextHour($('reminder-time'));
