/// Nag Me's page: the tasks with their bells, and reminders shown in place
/// while the page is open.
enum NagMePage {
    static let document = PageTemplate.document(
        slug: "nag-me",
        title: "Nag Me",
        selectors: """
        Nag Me — ids and classes for tests:
          #add-form     the add form; #new-task its text field, #add-task its button
          #tasks        the tasks; each is an li[data-title] with .task-name, button.bell
                        (aria-pressed="true" while the reminder is on; the li then has the class .nagging)
                        and button.delete-task
          #empty        shown when there are no tasks
        API actions: list, addTask {title}, deleteTask {title}, toggle {title}
        """,
        style: style, body: body, script: script)

    private static let style = #"""
    .list li .task-name { flex: 1; min-width: 0; overflow-wrap: anywhere; }
    button.bell { min-width: 2.75rem; padding: .25rem .5rem; line-height: 0;
      background: transparent; color: var(--muted); border-color: var(--border); }
    button.bell[aria-pressed="true"] { color: var(--accent); border-color: var(--accent); }
    """#

    private static let body = #"""
    <section aria-labelledby="add-heading">
      <h2 id="add-heading">New task</h2>
      <form id="add-form" class="row">
        <label for="new-task">Task</label>
        <input id="new-task" name="title" autocomplete="off" maxlength="100" placeholder="Walk Dog" required>
        <button id="add-task" type="submit">Add</button>
      </form>
    </section>
    <section aria-labelledby="list-heading">
      <h2 id="list-heading">Tasks</h2>
      <p class="hint">Ring a task’s bell to be reminded every minute until you turn it off or answer “Cancel”.</p>
      <p id="empty" class="empty">No tasks yet.</p>
      <ul id="tasks" class="list" aria-labelledby="list-heading"></ul>
    </section>
    """#

    private static let script = #"""
    let generation = 0;
    const bellPath = '<path fill="currentColor" d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4a1.5 1.5 0 0 0-3 0v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z"/>';
    const bellOn = '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">' + bellPath + '</svg>';
    const bellOff = '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">' + bellPath
      + '<line x1="3" y1="3" x2="21" y2="21" stroke="Canvas" stroke-width="4"/><line x1="3" y1="3" x2="21" y2="21" stroke="currentColor" stroke-width="2"/></svg>';

    async function refresh() {
      const mine = ++generation;
      const list = await attempt(() => api('list'));
      if (list && mine === generation) render(list);
    }

    function render(list) {
      const tasks = document.getElementById('tasks');
      tasks.replaceChildren(...list.tasks.map((task) => {
        const row = document.createElement('li');
        row.dataset.title = task.title;
        row.classList.toggle('nagging', task.bell);
        const bell = document.createElement('button');
        bell.type = 'button';
        bell.className = 'bell';
        bell.innerHTML = task.bell ? bellOn : bellOff;
        bell.setAttribute('aria-pressed', String(task.bell));
        bell.setAttribute('aria-label', 'Remind me about ' + task.title);
        bell.addEventListener('click', () => change('toggle', { title: task.title }));
        const name = document.createElement('span');
        name.className = 'task-name';
        name.textContent = task.title;
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'delete-task danger';
        remove.textContent = 'Delete';
        remove.setAttribute('aria-label', 'Delete ' + task.title);
        remove.addEventListener('click', () => change('deleteTask', { title: task.title }));
        row.append(bell, name, remove);
        return row;
      }));
      tasks.hidden = list.tasks.length === 0;
      document.getElementById('empty').hidden = list.tasks.length > 0;
      showPermission(list.notifications, 'Nag Me');
    }

    async function change(action, body) {
      const mine = ++generation;
      const list = await attempt(() => api(action, body));
      if (list && mine === generation) render(list);
      return list;
    }

    document.getElementById('add-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const field = document.getElementById('new-task');
      if (await change('addTask', { title: field.value })) field.value = '';
      field.focus();
    });
    """#
}
