/*
 * What the Focus section's actions ask of the daemon: switching a Focus on or
 * off by hand (POST/DELETE /v1/focus/override), saving the Focus modes and the
 * summary times (PUT /v1/focus, the whole settings), then showing what the
 * daemon answered.
 */

import { api } from '../common/api.js';
import { failed, said } from './messages.js';

const MORNING_HOUR = 8;
const EVENING_HOUR = 18;

/**
 * When a Focus switched on `length` ends: `''` never, a number of seconds from
 * now, `evening` (today at 18:00, or tomorrow's if that is past) or `morning`
 * (tomorrow at 08:00), on the daemon's clock (`now`) in this browser's time zone.
 */
export function focusEnd(length, now) {
  if (!length) return null;
  if (/^\d+$/.test(length)) return new Date(now.getTime() + Number(length) * 1000);
  const end = new Date(now.getTime());
  end.setSeconds(0, 0);
  if (length === 'evening') {
    end.setHours(EVENING_HOUR, 0);
    if (end <= now) end.setDate(end.getDate() + 1);
  } else {
    end.setDate(end.getDate() + 1);
    end.setHours(MORNING_HOUR, 0);
  }
  return end;
}

/** An identifier for a new Focus named `name`, unlike those of `modes`. */
export function newIdentifier(name, modes) {
  const base = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'focus';
  const taken = new Set(modes.map((m) => m.identifier));
  let candidate = base;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
  return candidate;
}

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
