/*
 * What the Focus section's actions ask of the daemon: switching a Focus on or
 * off by hand (POST/DELETE /v1/focus/override), saving the Focus modes and the
 * summary times (PUT /v1/focus, the whole settings), then showing what the
 * daemon answered.
 */

import { api } from '../common/api.js';
import { failed, said } from './messages.js';
import { focusEnd, newIdentifier } from './rules-focus.js';

export function createFocusEffects({ dispatch, getState }) {
  const say = (text, isError) => dispatch(said(text, isError));
  const settings = () => getState().quiet?.settings ?? { focusModes: [], summaryTimes: [] };
  const daemonNow = () => new Date(Date.now() + getState().clockOffset);
  const nameOf = (identifier) => settings().focusModes.find((m) => m.identifier === identifier)?.name ?? identifier;

  /** Sends a change; shows the daemon's answer, or the refusal (nothing changed then). */
  async function change(method, path, body, done) {
    try {
      dispatch({ type: 'focusRead', quiet: await api(method, path, body) });
      say(done);
      return true;
    } catch (error) {
      dispatch(failed(error));
      return false;
    }
  }

  async function switchFocus({ identifier, length }) {
    const until = focusEnd(length, daemonNow());
    const body = until ? { focus: identifier, until: until.toISOString() } : { focus: identifier };
    await change('POST', '/v1/focus/override', body, `${nameOf(identifier)} is on.`);
  }

  const focusOff = () => change('POST', '/v1/focus/override', {}, 'Focus is off.');

  const followSchedules = () => change('DELETE', '/v1/focus/override', undefined, 'Focus follows its schedules again.');

  /** Saves the settings with `focusModes` changed; the override is kept unless its Focus went. */
  function saveModes(focusModes, done) {
    const current = settings();
    const override = current.override?.focus && !focusModes.some((m) => m.identifier === current.override.focus)
      ? undefined : current.override;
    const body = { focusModes, summaryTimes: current.summaryTimes };
    if (override) body.override = override;
    return change('PUT', '/v1/focus', body, done);
  }

  async function saveFocusMode({ mode, replacing }) {
    const modes = settings().focusModes;
    const identifier = replacing ?? newIdentifier(mode.name, modes);
    const saved = { ...mode, identifier };
    const focusModes = replacing ? modes.map((m) => (m.identifier === replacing ? saved : m)) : [...modes, saved];
    if (await saveModes(focusModes, `${mode.name} saved.`)) dispatch({ type: 'focusModeSaved' });
  }

  async function deleteFocusMode({ identifier }) {
    const name = nameOf(identifier);
    const focusModes = settings().focusModes.filter((m) => m.identifier !== identifier);
    if (await saveModes(focusModes, `${name} deleted.`)) dispatch({ type: 'focusModeSaved' });
  }

  async function saveSummaryTimes({ times }) {
    const current = settings();
    const body = { focusModes: current.focusModes, summaryTimes: times };
    if (current.override) body.override = current.override;
    await change('PUT', '/v1/focus', body, times.length ? `Summary at ${times.join(', ')}.` : 'Scheduled Summary is off.');
  }

  return { switchFocus, focusOff, followSchedules, saveFocusMode, deleteFocusMode, saveSummaryTimes };
}
