/* Times shown relative to the daemon's clock (virtual in tests): `offset` is the daemon's clock minus the browser's, in ms. */

export function relativeTime(iso, now) {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const size = Math.abs(seconds);
  if (size < 45) return 'now';
  const [value, unit] = size < 3600 ? [Math.round(size / 60), 'min']
    : size < 86400 ? [Math.round(size / 3600), 'h'] : [Math.round(size / 86400), 'd'];
  return seconds < 0 ? `${value} ${unit} ago` : `in ${value} ${unit}`;
}

export function timeElement(iso, offset) {
  const time = document.createElement('time');
  time.className = 'card-time';
  time.dateTime = iso;
  time.title = new Date(iso).toLocaleString();
  time.textContent = relativeTime(iso, Date.now() + offset);
  return time;
}

/** Brings every time on the page up to date. */
export function updateTimes(offset) {
  const now = Date.now() + offset;
  document.querySelectorAll('time[datetime]').forEach((time) => {
    const text = relativeTime(time.dateTime, now);
    if (time.textContent !== text) time.textContent = text;
  });
}

/** A time of the daemon's clock as this browser writes a time of day, with the weekday when it is not today. */
export function clockTime(iso, offset) {
  const date = new Date(iso);
  const today = new Date(Date.now() + offset).toDateString() === date.toDateString();
  return date.toLocaleString([], today ? { hour: '2-digit', minute: '2-digit' } : { weekday: 'short', hour: '2-digit', minute: '2-digit' });
}
