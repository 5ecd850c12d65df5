/*
 * Editing one Focus: its name, the apps it lets through (each wholly, or only
 * its notifications whose `filterCriteria` is one of those listed), whether
 * time-sensitive notifications break through, and its schedules (weekdays and
 * hours). The form is filled from the state when an edit starts and read back
 * when it is saved.
 */

import { button, element } from './dom.js';

const $ = (id) => document.getElementById(id);
/** 1 = Sunday … 7 = Saturday, as Foundation's Calendar numbers weekdays. */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekdays of a schedule, briefly: "Every day", "Weekdays", "Weekends" or "Mon, Wed". */
export function describeDays(weekdays) {
  const days = [...weekdays].sort((a, b) => a - b).join(',');
  if (days === '1,2,3,4,5,6,7') return 'Every day';
  if (days === '2,3,4,5,6') return 'Weekdays';
  if (days === '1,7') return 'Weekends';
  return [...weekdays].sort((a, b) => a - b).map((d) => WEEKDAYS[d - 1]?.slice(0, 3)).join(', ');
}

/** A Focus's rules in one line: what it lets through, and when it is on by itself. */
export function describeMode(mode, apps) {
  const name = (identifier) => apps[identifier]?.app.name ?? identifier;
  const allowed = mode.allowedApps.map((a) => (a.criteria ? `${name(a.app)} (${a.criteria.join(', ')})` : name(a.app)));
  const parts = [allowed.length ? `Allows ${allowed.join(', ')}` : 'Allows no app'];
  parts.push(mode.allowsTimeSensitive ? 'time sensitive breaks through' : 'time sensitive waits');
  for (const s of mode.schedules) parts.push(`${describeDays(s.weekdays)} ${s.start}–${s.end}`);
  return parts.join(' · ');
}

function appRow(identifier, appName, allowance) {
  const item = element('li', 'focus-app-row');
  const label = element('label', 'switch-row');
  const box = element('input', 'switch focus-app');
  box.type = 'checkbox';
  box.setAttribute('role', 'switch');
  box.dataset.app = identifier;
  box.checked = Boolean(allowance);
  label.append(element('span', undefined, appName), box);
  const criteria = element('input', 'focus-criteria');
  criteria.type = 'text';
  criteria.dataset.app = identifier;
  criteria.placeholder = 'All notifications';
  criteria.setAttribute('aria-label', `Filter criteria of ${appName} (comma-separated; empty lets all through)`);
  criteria.value = allowance?.criteria?.join(', ') ?? '';
  item.append(label, criteria);
  return item;
}

function scheduleRow(schedule = { weekdays: [2, 3, 4, 5, 6], start: '09:00', end: '17:00' }) {
  const item = element('li', 'focus-schedule');
  const days = element('div', 'focus-days');
  WEEKDAYS.forEach((day, index) => {
    const label = element('label', 'focus-day-label');
    const box = element('input', 'focus-day');
    box.type = 'checkbox';
    box.value = String(index + 1);
    box.checked = schedule.weekdays.includes(index + 1);
    box.setAttribute('aria-label', day);
    label.append(box, element('span', undefined, day.slice(0, 2)));
    days.append(label);
  });
  const time = (className, value, name) => {
    const input = element('input', className);
    input.type = 'time';
    input.required = true;
    input.value = value;
    input.setAttribute('aria-label', name);
    return input;
  };
  const hours = element('div', 'focus-hours');
  hours.append(time('focus-start', schedule.start, 'From'), element('span', undefined, 'to'), time('focus-end', schedule.end, 'To'));
  hours.append(button('focus-schedule-remove', 'Remove', () => item.remove(), 'Remove this schedule'));
  item.append(days, hours);
  return item;
}

/** The Focus the form describes, or a message saying what is missing. */
function readForm() {
  const name = $('focus-name').value.trim();
  if (!name) return { error: 'A Focus needs a name.' };
  const allowedApps = [...document.querySelectorAll('#focus-apps .focus-app')].filter((box) => box.checked).map((box) => {
    const field = document.querySelector(`#focus-apps .focus-criteria[data-app="${CSS.escape(box.dataset.app)}"]`);
    const criteria = [...new Set((field?.value ?? '').split(',').map((c) => c.trim()).filter(Boolean))];
    return criteria.length ? { app: box.dataset.app, criteria } : { app: box.dataset.app };
  });
  const schedules = [...document.querySelectorAll('#focus-schedules .focus-schedule')].map((row) => ({
    weekdays: [...row.querySelectorAll('.focus-day')].filter((b) => b.checked).map((b) => Number(b.value)),
    start: row.querySelector('.focus-start').value,
    end: row.querySelector('.focus-end').value,
  }));
  if (schedules.some((s) => s.weekdays.length === 0)) return { error: 'Each schedule needs at least one day.' };
  return { mode: { name, allowedApps, allowsTimeSensitive: $('focus-time-sensitive').checked, schedules } };
}

function fill(mode, apps) {
  $('focus-editor-title').textContent = mode ? `Edit ${mode.name}` : 'New Focus';
  $('focus-name').value = mode?.name ?? '';
  const allowances = new Map((mode?.allowedApps ?? []).map((a) => [a.app, a]));
  const identifiers = [...Object.keys(apps), ...[...allowances.keys()].filter((id) => !apps[id])];
  $('focus-apps').replaceChildren(...identifiers.map((id) => appRow(id, apps[id]?.app.name ?? id, allowances.get(id))));
  $('focus-time-sensitive').checked = mode?.allowsTimeSensitive ?? true;
  $('focus-schedules').replaceChildren(...(mode?.schedules ?? []).map((s) => scheduleRow(s)));
  $('focus-delete').hidden = !mode;
}

/** The editor: `render(state, settings)` opens, fills or closes it as `state.focusEditing` says. */
export function createFocusEditor(dispatch) {
  let editing = null;
  $('focus-new').addEventListener('click', () => dispatch({ type: 'focusEditStarted', identifier: null }));
  $('focus-cancel').addEventListener('click', () => dispatch({ type: 'focusEditCancelled' }));
  $('focus-schedule-add').addEventListener('click', () => $('focus-schedules').append(scheduleRow()));
  $('focus-delete').addEventListener('click', () => {
    if (editing?.identifier) dispatch({ type: 'deleteFocusMode', identifier: editing.identifier });
  });
  $('focus-editor').addEventListener('submit', (event) => {
    event.preventDefault();
    const { mode, error } = readForm();
    if (error) dispatch({ type: 'said', text: error, isError: true });
    else dispatch({ type: 'saveFocusMode', mode, replacing: editing?.identifier ?? null });
  });

  return function render(state, settings) {
    const request = state.focusEditing;
    $('focus-editor').hidden = !request;
    $('focus-new').hidden = Boolean(request);
    if (!request || request === editing) {
      if (!request) editing = null;
      return;
    }
    editing = request;
    fill(settings.focusModes.find((m) => m.identifier === request.identifier), state.apps);
    $('focus-name').focus();
  };
}
