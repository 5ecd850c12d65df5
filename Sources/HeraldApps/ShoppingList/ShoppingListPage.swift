/// Shopping List's page: the list with its add field, and the reminder's date
/// and time picker.
enum ShoppingListPage {
    static let document = PageTemplate.document(
        slug: "shopping-list",
        title: "Shopping List",
        selectors: """
        Shopping List — ids and classes for tests:
          #add-form     the add form; #new-item its text field (focused after "Edit list"), #add-item its button
          #items        the list; each item is an li[data-id] with .item-name and button.delete
          #empty        shown when the list is empty
          #reminder-form  the reminder form; #reminder-time (datetime-local), #schedule, #cancel-reminder
          #reminder-status  "Reminder set for …" or "No reminder set"; data-reminder holds the ISO date or ""
        API actions: state, addItem {name}, deleteItem {id}, scheduleReminder {date}, cancelReminder
        """,
        style: style, body: body, script: script)

    private static let style = #"""
    .list li .item-name { flex: 1; min-width: 0; overflow-wrap: anywhere; }
    #reminder-status { margin: .5rem 0 0; }
    /* The picker on a row of its own, the two buttons sharing the next one (or stacked, full width, on a phone). */
    #reminder-time { flex-basis: 100%; }
    #reminder-form button { flex: 1 1 auto; }
    """#

    private static let body = #"""
    <section aria-labelledby="list-heading">
      <h2 id="list-heading">Items</h2>
      <form id="add-form" class="row">
        <label for="new-item">New item</label>
        <input id="new-item" name="name" autocomplete="off" maxlength="200" placeholder="Milk" required>
        <button id="add-item" type="submit">Add</button>
      </form>
      <p id="empty" class="empty">The list is empty.</p>
      <ul id="items" class="list" aria-labelledby="list-heading"></ul>
    </section>
    <section aria-labelledby="reminder-heading">
      <h2 id="reminder-heading">Reminder</h2>
      <form id="reminder-form" class="row">
        <label for="reminder-time">Remind me at</label>
        <input id="reminder-time" type="datetime-local" required>
        <button id="schedule" type="submit">Schedule reminder</button>
        <button id="cancel-reminder" type="button" class="secondary">Cancel reminder</button>
      </form>
      <p id="reminder-status" data-reminder="">No reminder set.</p>
      <p class="hint">The reminder offers “OK, got it”, “Edit list” and “Delete list”. Seconds are ignored: it fires at the start of the minute.</p>
    </section>
    """#

    private static let script = #"""
    let generation = 0;

    async function refresh() {
      const mine = ++generation;
      const state = await attempt(() => api('state'));
      if (!state) return;
      if (mine === generation) render(state);
      if (state.focusAddItem) document.getElementById('new-item').focus();
    }

    function render(state) {
      const list = document.getElementById('items');
      list.replaceChildren(...state.items.map((item) => {
        const row = document.createElement('li');
        row.dataset.id = item.id;
        const name = document.createElement('span');
        name.className = 'item-name';
        name.textContent = item.name;
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'delete danger';
        remove.textContent = 'Delete';
        remove.setAttribute('aria-label', 'Delete ' + item.name);
        remove.addEventListener('click', () => change('deleteItem', { id: item.id }));
        row.append(name, remove);
        return row;
      }));
      list.hidden = state.items.length === 0;
      document.getElementById('empty').hidden = state.items.length > 0;
      const status = document.getElementById('reminder-status');
      status.dataset.reminder = state.reminder || '';
      status.textContent = state.reminder ? 'Reminder set for ' + formatDate(state.reminder) + '.' : 'No reminder set.';
      document.getElementById('cancel-reminder').disabled = !state.reminder;
      showPermission(state.notifications, 'Shopping List');
    }

    async function change(action, body) {
      const mine = ++generation;
      const state = await attempt(() => api(action, body));
      if (state && mine === generation) render(state);
      return state;
    }

    document.getElementById('add-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const field = document.getElementById('new-item');
      if (await change('addItem', { name: field.value })) field.value = '';
      field.focus();
    });

    document.getElementById('reminder-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const date = localInputDate(document.getElementById('reminder-time'));
      if (!date) {
        await attempt(() => { throw new Error('Pick a date and a time for the reminder.'); });
        return;
      }
      await change('scheduleReminder', { date });
    });

    document.getElementById('cancel-reminder').addEventListener('click', () => change('cancelReminder'));

    (() => {
      const nextHour = new Date();
      nextHour.setHours(nextHour.getHours() + 1, 0, 0, 0);
      document.getElementById('reminder-time').value = localInputValue(nextHour);
    })();
    """#
}
