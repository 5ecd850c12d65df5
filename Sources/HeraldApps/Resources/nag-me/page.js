/*
 * Nag Me's page: the tasks with their bells; reminders show in place while the
 * page is open. The ids and classes it uses are listed at the top of index.html.
 */

import { showPermission, startPage } from '/ui/apps/app-page.js';
import { button, element } from '/ui/common/elements.js';

const $ = (id) => document.getElementById(id);

/** The bell icon of index.html's template: `bell-on`, or the struck-through `bell-off`. */
const bellIcon = (on) => $(on ? 'bell-on' : 'bell-off').content.firstElementChild.cloneNode(true);

function taskRow(task) {
  const row = element('li');
  row.dataset.title = task.title;
  row.classList.toggle('nagging', task.bell);
  const bell = button('bell', undefined, () => change('toggle', { title: task.title }), `Remind me about ${task.title}`);
  bell.append(bellIcon(task.bell));
  bell.setAttribute('aria-pressed', String(task.bell));
  const remove = button('delete-task danger', 'Delete', () => change('deleteTask', { title: task.title }),
    `Delete ${task.title}`);
  row.append(bell, element('span', 'task-name', task.title), remove);
  return row;
}

function render(list) {
  $('tasks').replaceChildren(...list.tasks.map(taskRow));
  $('tasks').hidden = list.tasks.length === 0;
  $('empty').hidden = list.tasks.length > 0;
  showPermission(list.notifications, 'Nag Me');
}

const change = startPage({ stateAction: 'list', render });

$('add-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const field = $('new-task');
  if (await change('addTask', { title: field.value })) field.value = '';
  field.focus();
});
