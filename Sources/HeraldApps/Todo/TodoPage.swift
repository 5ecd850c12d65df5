/// Todo's page: the items by deadline, overdue ones in red, and the add form,
/// disabled at 64 items.
enum TodoPage {
    static let document = PageTemplate.document(
        slug: "todo",
        title: "Todo",
        selectors: """
        Todo — ids and classes for tests:
          #add-form     the add form; #new-title, #new-deadline (datetime-local), #add (disabled at 64 items)
          #limit-note   shown when the list is full
          #items        the list, soonest deadline first; each item is an li[data-uuid] with .title,
                        .deadline (a time element) and button.complete; an overdue item has the class .overdue
                        and its .title and .deadline in red
          #empty        shown when the list is empty
        API actions: list, add {title, deadline}, complete {UUID} (also "delete")
        """,
        style: style, body: body, script: script)

    private static let style = #"""
    .list li .title { display: block; font-weight: 600; }
    .list li .deadline { color: var(--muted); font-size: .9rem; }
    .list li.overdue { box-shadow: inset 4px 0 0 var(--danger); }
    .list li.overdue .title, .list li.overdue .deadline { color: var(--danger); }
    .list li.overdue .deadline { font-weight: 600; }
    #limit-note { color: var(--danger); }
    """#

    private static let body = #"""
    <section aria-labelledby="add-heading">
      <h2 id="add-heading">New item</h2>
      <form id="add-form" class="row">
        <label for="new-title">Title</label>
        <input id="new-title" name="title" autocomplete="off" maxlength="200" placeholder="Pay rent" required>
        <label for="new-deadline">Deadline</label>
        <input id="new-deadline" type="datetime-local" required>
        <button id="add" type="submit">Save</button>
      </form>
      <p id="limit-note" hidden>The list holds 64 items, the most that can have reminders. Complete one to add another.</p>
    </section>
    <section aria-labelledby="list-heading">
      <h2 id="list-heading">Todo list</h2>
      <p id="empty" class="empty">Nothing to do.</p>
      <ol id="items" class="list" aria-labelledby="list-heading"></ol>
    </section>
    """#

    private static let script = #"""
    let generation = 0;

    async function refresh() {
      const mine = ++generation;
      const list = await attempt(() => api('list'));
      if (list && mine === generation) render(list);
    }

    function render(list) {
      const items = document.getElementById('items');
      items.replaceChildren(...list.items.map((item) => {
        const row = document.createElement('li');
        row.dataset.uuid = item.UUID;
        row.classList.toggle('overdue', item.overdue);
        const text = document.createElement('div');
        text.className = 'grow';
        const title = document.createElement('span');
        title.className = 'title';
        title.textContent = item.title;
        const deadline = document.createElement('time');
        deadline.className = 'deadline';
        deadline.dateTime = item.deadline;
        deadline.textContent = (item.overdue ? 'Overdue: was due ' : 'Due ') + formatDate(item.deadline);
        text.append(title, deadline);
        const complete = document.createElement('button');
        complete.type = 'button';
        complete.className = 'complete secondary';
        complete.textContent = 'Complete';
        complete.setAttribute('aria-label', 'Complete ' + item.title);
        complete.addEventListener('click', () => change('complete', { UUID: item.UUID }));
        row.append(text, complete);
        return row;
      }));
      items.hidden = list.items.length === 0;
      document.getElementById('empty').hidden = list.items.length > 0;
      document.getElementById('add').disabled = !list.canAdd;
      document.getElementById('limit-note').hidden = list.canAdd;
      showPermission(list.notifications, 'Todo');
    }

    async function change(action, body) {
      const mine = ++generation;
      const list = await attempt(() => api(action, body));
      if (list && mine === generation) render(list);
      return list;
    }

    document.getElementById('add-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const title = document.getElementById('new-title');
      const deadline = localInputDate(document.getElementById('new-deadline'));
      if (!deadline) {
        await attempt(() => { throw new Error('Pick a deadline.'); });
        return;
      }
      if (await change('add', { title: title.value, deadline })) title.value = '';
      title.focus();
    });

    (() => {
      const inAnHour = new Date();
      inAnHour.setHours(inAnHour.getHours() + 1, 0, 0, 0);
      document.getElementById('new-deadline').value = localInputValue(inAnHour);
    })();
    """#
}
