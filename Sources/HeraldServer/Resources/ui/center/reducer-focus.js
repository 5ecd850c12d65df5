/*
 * The center's state of what keeps notifications quiet, and the changes to it
 * (reducer.js merges these handlers into its own); pure, like reducer.js.
 *
 * State:
 *   quiet          GET /v1/focus as read last: {isFocused, state: {focus, desktopDoNotDisturb,
 *                  nextSummary}, settings: {focusModes, override, summaryTimes}}, or null
 *   focusPanelOpen whether the Focus modes and summary times are shown for editing
 *   focusEditing   the Focus being edited: {n, identifier (null for a new one)}, or null
 *   held           delivery id → {app, until}: the summary time it waits for (from heldForSummary events
 *                  and the deliveries' `heldUntil`)
 *   summary        the summary card: {date, groups: [{app, threadIdentifier, text, presentations}]},
 *                  the groups most relevant first, or null
 */

export const focusState = () => ({ quiet: null, focusPanelOpen: false, focusEditing: null, held: {}, summary: null });

/** A presentation's relevance: its content's `relevanceScore` (0 without one). */
const relevance = (presentation) => presentation.delivery.request.content.relevanceScore ?? 0;

/**
 * The groups with the most relevant notification first (stable between equals);
 * inside a group the daemon's order stays: the most relevant first, the earlier
 * delivery first between equals. Each app's groups come in their own event, so
 * the card orders them across apps.
 */
export function orderGroups(groups) {
  const top = (group) => Math.max(...group.presentations.map(relevance));
  return groups.filter((g) => g.presentations.length > 0)
    .map((group, index) => ({ group, index, top: top(group) }))
    .sort((a, b) => (b.top - a.top) || (a.index - b.index))
    .map(({ group }) => group);
}

function focusRead(state, { quiet }) {
  return { ...state, quiet };
}

function quietChanged(state, { quietState }) {
  if (!state.quiet) return state;
  const isFocused = Boolean(quietState.focus) || quietState.desktopDoNotDisturb;
  return { ...state, quiet: { ...state.quiet, isFocused, state: quietState } };
}

function focusPanelToggled(state) {
  const open = !state.focusPanelOpen;
  return { ...state, focusPanelOpen: open, focusEditing: open ? state.focusEditing : null };
}

function focusEditStarted(state, { identifier = null }) {
  return { ...state, focusPanelOpen: true, focusEditing: { n: (state.focusEditing?.n ?? 0) + 1, identifier } };
}

const focusEditEnded = (state) => (state.focusEditing ? { ...state, focusEditing: null } : state);

/** Deliveries of `app` now wait for the summary at `until`. */
function heldForSummary(state, { app, deliveries, until }) {
  if (deliveries.length === 0) return state;
  const held = { ...state.held };
  for (const id of deliveries) held[id] = { app, until };
  return { ...state, held };
}

/**
 * One app's part of a summary arrived: a summary of another time replaces the
 * card, one of the same time adds its groups (each app's come as its own event).
 */
function summaryArrived(state, { app, summary }) {
  const same = state.summary && state.summary.date === summary.date;
  const kept = same ? state.summary.groups.filter((g) => g.app !== app) : [];
  const groups = orderGroups([...kept, ...summary.groups.map((g) => ({ ...g, app: g.app ?? app }))]);
  const delivered = new Set(summary.groups.flatMap((g) => g.presentations.map((p) => p.delivery.id)));
  const held = Object.fromEntries(Object.entries(state.held).filter(([id]) => !delivered.has(id)));
  return { ...state, held, summary: groups.length ? { date: summary.date, groups } : state.summary };
}

/** A `?summary` link: the summary card gets the focus once it shows. */
const summaryLinkFollowed = (state) => ({ ...state, focus: { n: (state.focus?.n ?? 0) + 1, kind: 'summary' } });

/** The last summary as the daemon keeps it (GET /v1/summary), for a `?summary` link. */
function summaryRead(state, { summary }) {
  const groups = orderGroups(summary.groups);
  if (groups.length === 0) {
    return { ...state, status: { text: 'Everything in the last summary was answered or removed.', isError: false } };
  }
  return { ...state, summary: { date: summary.date, groups } };
}

const summaryClosed = (state) => (state.summary ? { ...state, summary: null } : state);

/** Answered, withdrawn or removed deliveries leave the summary card (and the card goes once empty). */
export function withoutSummaryItems(state, ids) {
  if (!state.summary) return state;
  const gone = new Set(ids);
  const groups = state.summary.groups
    .map((g) => ({ ...g, presentations: g.presentations.filter((p) => !gone.has(p.delivery.id)) }))
    .filter((g) => g.presentations.length > 0);
  const changed = groups.length !== state.summary.groups.length ||
    groups.some((g, i) => g.presentations.length !== state.summary.groups[i].presentations.length);
  if (!changed) return state;
  return { ...state, summary: groups.length ? { ...state.summary, groups } : null };
}

/**
 * `app`'s deliveries as listed: those no longer listed stop waiting, and a
 * listed one's `heldUntil` says it waits for the summary then.
 */
export function heldFromList(state, app, deliveries) {
  const listed = new Map(deliveries.map((d) => [d.id, d]));
  const held = {};
  for (const [id, entry] of Object.entries(state.held)) {
    if (entry.app !== app || listed.has(id)) held[id] = entry;
  }
  for (const delivery of deliveries) {
    if (delivery.heldUntil) held[delivery.id] = { app, until: delivery.heldUntil };
  }
  const same = Object.keys(held).length === Object.keys(state.held).length &&
    Object.entries(held).every(([id, entry]) => state.held[id]?.until === entry.until);
  return same ? state : { ...state, held };
}

export const focusHandlers = {
  focusRead, quietChanged, focusPanelToggled, focusEditStarted, heldForSummary, summaryArrived, summaryClosed,
  summaryLinkFollowed, summaryRead, focusEditCancelled: focusEditEnded, focusModeSaved: focusEditEnded,
};
