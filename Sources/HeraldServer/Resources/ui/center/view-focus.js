/*
 * The Focus section: what keeps notifications quiet now (a Focus, the
 * desktop's Do Not Disturb, the next summary), switching a Focus on or off by
 * hand, the Focus modes (edited in view-focus-editor.js) and the times of the
 * scheduled summary.
 */

import { button, element } from './dom.js';
import { createFocusEditor, describeMode } from './view-focus-editor.js';
import { clockTime } from './view-time.js';

const $ = (id) => document.getElementById(id);

/** The Focus switched by hand, while it lasts on the daemon's clock; else null. */
export function activeOverride(settings, offset) {
  const override = settings?.override;
  if (!override) return null;
  return !override.until || Date.parse(override.until) > Date.now() + offset ? override : null;
}

/** What the top line says is quiet now. */
export function describeNow(quiet, offset) {
  if (!quiet?.state) return 'Reading Focus…';
  const { state, settings } = quiet;
  const override = activeOverride(settings, offset);
  const parts = [];
  if (state.focus) {
    const byHand = override?.focus === state.focus.identifier;
    const until = byHand && override.until ? ` until ${clockTime(override.until, offset)}` : '';
    parts.push(`${state.focus.name} is on${until}${byHand ? '' : ' (scheduled)'}.`);
  } else {
    const until = override?.until ? ` until ${clockTime(override.until, offset)}` : '';
    parts.push(override && !override.focus ? `Focus is off by hand${until}.` : 'No Focus is on.');
  }
  if (state.desktopDoNotDisturb) parts.push('The desktop’s Do Not Disturb is on.');
  if (state.nextSummary) parts.push(`Next summary ${clockTime(state.nextSummary, offset)}.`);
  return parts.join(' ');
}

function renderChoice(modes, active) {
  const select = $('focus-choice');
  const chosen = select.value || active || modes[0]?.identifier || '';
  select.replaceChildren(...modes.map((mode) => {
    const option = element('option', undefined, mode.name);
    option.value = mode.identifier;
    return option;
  }));
  if (modes.some((m) => m.identifier === chosen)) select.value = chosen;
  $('focus-on').disabled = modes.length === 0;
}

function renderModes(modes, apps, dispatch) {
  $('focus-modes').replaceChildren(...modes.map((mode) => {
    const item = element('li', 'focus-mode');
    item.dataset.focus = mode.identifier;
    const text = element('div', 'focus-mode-text');
    text.append(element('span', 'focus-mode-name', mode.name), element('span', 'focus-mode-rules', describeMode(mode, apps)));
    const edit = button('focus-edit', 'Edit', () => dispatch({ type: 'focusEditStarted', identifier: mode.identifier }),
      `Edit ${mode.name}`);
    item.append(text, edit);
    return item;
  }));
  $('focus-modes-empty').hidden = modes.length > 0;
}

function timeRow(value = '') {
  const item = element('li', 'summary-time-item');
  const input = element('input', 'summary-time-input');
  input.type = 'time';
  input.required = true;
  input.value = value;
  input.setAttribute('aria-label', 'Summary time');
  const remove = button('summary-time-remove', 'Remove', () => {
    item.remove();
    $('summary-off').hidden = $('summary-time-list').childElementCount > 0;
  }, 'Remove this summary time');
  item.append(input, remove);
  return item;
}

function renderSummaryTimes(times) {
  $('summary-time-list').replaceChildren(...times.map((time) => timeRow(time)));
  $('summary-off').hidden = times.length > 0;
}

function wireControls(dispatch) {
  $('focus-settings').addEventListener('click', () => dispatch({ type: 'focusPanelToggled' }));
  $('focus-switch').addEventListener('submit', (event) => {
    event.preventDefault();
    const identifier = $('focus-choice').value;
    if (identifier) dispatch({ type: 'switchFocus', identifier, length: $('focus-length').value });
  });
  $('focus-off').addEventListener('click', () => dispatch({ type: 'focusOff' }));
  $('focus-auto').addEventListener('click', () => dispatch({ type: 'followSchedules' }));
  $('summary-time-add').addEventListener('click', () => {
    const row = timeRow();
    $('summary-time-list').append(row);
    $('summary-off').hidden = true;
    row.querySelector('input').focus();
  });
  $('summary-times').addEventListener('submit', (event) => {
    event.preventDefault();
    const times = [...new Set([...document.querySelectorAll('.summary-time-input')].map((i) => i.value).filter(Boolean))].sort();
    dispatch({ type: 'saveSummaryTimes', times });
  });
}

/** The Focus section's view: `render(state)` shows the state; its controls dispatch. */
export function createFocusSectionView(dispatch) {
  wireControls(dispatch);
  const editor = createFocusEditor(dispatch);
  let shown = {};

  return function render(state) {
    const { quiet } = state;
    const now = $('focus-now');
    const text = describeNow(quiet, state.clockOffset);
    if (now.textContent !== text) now.textContent = text;
    now.dataset.quiet = String(Boolean(quiet?.isFocused));
    const settings = quiet?.settings ?? { focusModes: [], summaryTimes: [] };
    // Nothing to switch before there is a Focus (the editor makes one).
    $('focus-switch').hidden = settings.focusModes.length === 0 && !quiet?.state?.focus;
    $('focus-off').hidden = !quiet?.state?.focus;
    $('focus-auto').hidden = !activeOverride(settings, state.clockOffset);
    $('focus-panel').hidden = !state.focusPanelOpen;
    $('focus-settings').setAttribute('aria-expanded', String(state.focusPanelOpen));
    $('focus-settings').textContent = state.focusPanelOpen ? 'Done' : 'Edit';
    if (shown.modes !== settings.focusModes || shown.apps !== state.apps) {
      renderChoice(settings.focusModes, quiet?.state?.focus?.identifier);
      renderModes(settings.focusModes, state.apps, dispatch);
    }
    if (shown.times !== settings.summaryTimes) renderSummaryTimes(settings.summaryTimes);
    editor(state, settings);
    shown = { modes: settings.focusModes, apps: state.apps, times: settings.summaryTimes };
  };
}
