/* The daemon's clock (virtual in tests) and times shown relative to it. */

import { api } from '../common/api.js';
import { state } from './state.js';

const daemonNow = () => Date.now() + state.clockOffset;

export async function refreshClock() {
  const clock = await api('GET', '/v1/clock');
  state.clockOffset = Date.parse(clock.now) - Date.now();
  updateTimes();
}

function relativeTime(iso) {
  const seconds = Math.round((Date.parse(iso) - daemonNow()) / 1000);
  const size = Math.abs(seconds);
  if (size < 45) return 'now';
  const [value, unit] = size < 3600 ? [Math.round(size / 60), 'min']
    : size < 86400 ? [Math.round(size / 3600), 'h'] : [Math.round(size / 86400), 'd'];
  return seconds < 0 ? `${value} ${unit} ago` : `in ${value} ${unit}`;
}

export function timeElement(iso) {
  const time = document.createElement('time');
  time.className = 'card-time';
  time.dateTime = iso;
  time.title = new Date(iso).toLocaleString();
  time.textContent = relativeTime(iso);
  return time;
}

export function updateTimes() {
  document.querySelectorAll('time[datetime]').forEach((time) => {
    time.textContent = relativeTime(time.dateTime);
  });
}
