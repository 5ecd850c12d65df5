/*
 * Focus's pure rules for the center: when a Focus switched on by hand ends, and
 * the identifier of a new Focus. No DOM, no network.
 */

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
