/*
 * Nag Me's page: the tasks with their bells; reminders show in place while the
 * page is open. The ids and classes it uses are listed at the top of index.html.
 */

import { showPermission, startPage } from '/ui/apps/app-page.js';

const $ = (id) => document.getElementById(id);

/** The bell icon of index.html's template: `bell-on`, or the struck-through `bell-off`. */
const bellIcon = (on) => $(on ? 'bell-on' : 'bell-off').content.firstElementChild.cloneNode(true);

function taskRow(task) {
  const row = document.createElement('li');
  row.dataset.title = task.title;
  row.classList.toggle('nagging', task.bell);
  const bell = document.createElement('button');
  bell.type = 'button';
  bell.className = 'bell';
  bell.append(bellIcon(task.bell));
  bell.setAttribute('aria-pressed', String(task.bell));
  bell.setAttribute('aria-label', `Remind me about ${task.title}`);
  bell.addEventListener('click', () => change('toggle', { title: task.title }));
  const name = document.createElement('span');
  name.className = 'task-name';
  name.textContent = task.title;
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.className = 'delete-task danger';
  remove.textContent = 'Delete';
  remove.setAttribute('aria-label', `Delete ${task.title}`);
  remove.addEventListener('click', () => change('deleteTask', { title: task.title }));
  row.append(bell, name, remove);
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
