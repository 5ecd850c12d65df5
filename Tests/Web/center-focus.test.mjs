// The web center's Focus and summary state (reducer-focus.js through reducer.js), and the
// pure helpers of effects-focus.js; run by scripts/check-web with `node --test`.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { orderGroups } from '../../Sources/HeraldServer/Resources/ui/center/reducer-focus.js';
import { initialState, reduce } from '../../Sources/HeraldServer/Resources/ui/center/reducer.js';

const APP = 'com.example.chat';
const MAIL = 'com.example.mail';
const run = (state, ...actions) => actions.reduce(reduce, state);
const withApps = () => run(initialState(), { type: 'appsRead', apps: [{ identifier: APP, name: 'Chat' }, { identifier: MAIL, name: 'Mail' }] });
const presentation = (id, score, date = '2026-01-01T10:00:00Z', app = APP) => ({
  delivery: { id, app, date, request: { identifier: id, content: { title: id, relevanceScore: score } } },
  style: 'banner', actions: [], bannerActions: [], reportsDismissal: false,
});
const group = (app, thread, ...presentations) => ({ app, threadIdentifier: thread, text: `${thread} (${presentations.length})`, presentations });

test('a summary lists its groups most relevant first, and keeps the daemon\'s order inside each', () => {
  const ordered = orderGroups([
    group(APP, 'news', presentation('n1', 0.1)),
    group(APP, 'anna', presentation('a2', 0.9), presentation('a1', 0.5)),
    group(MAIL, 'bills', presentation('b1', 0.5), presentation('b2', 0.5)),
    group(MAIL, 'empty'),
  ]);
  assert.deepEqual(ordered.map((g) => g.threadIdentifier), ['anna', 'bills', 'news']);
  assert.deepEqual(ordered[0].presentations.map((p) => p.delivery.id), ['a2', 'a1']);
  assert.deepEqual(ordered[1].presentations.map((p) => p.delivery.id), ['b1', 'b2']);
});

test('each app\'s part of one summary joins the card; a later summary replaces it', () => {
  const date = '2026-01-01T18:00:00.000Z';
  let state = run(withApps(),
    { type: 'summaryArrived', app: APP, summary: { date, groups: [group(APP, 'anna', presentation('a1', 0.2))] } },
    { type: 'summaryArrived', app: MAIL, summary: { date, groups: [group(MAIL, 'bills', presentation('b1', 0.8, date, MAIL))] } });
  assert.deepEqual(state.summary.groups.map((g) => g.app), [MAIL, APP]);
  state = reduce(state, { type: 'summaryArrived', app: APP, summary: { date: '2026-01-02T08:00:00.000Z', groups: [group(APP, 'x', presentation('x1', 0))] } });
  assert.deepEqual(state.summary.groups.map((g) => g.threadIdentifier), ['x']);
});

test('an answered item leaves the summary card, and the card goes with its last item', () => {
  const date = '2026-01-01T18:00:00.000Z';
  let state = run(withApps(), {
    type: 'summaryArrived', app: APP,
    summary: { date, groups: [group(APP, 'anna', presentation('a1', 0.2), presentation('a2', 0.1)), group(APP, 'news', presentation('n1', 0))] },
  });
  state = reduce(state, { type: 'cardsRemoved', ids: ['a1'] });
  assert.deepEqual(state.summary.groups.map((g) => g.presentations.map((p) => p.delivery.id)), [['a2'], ['n1']]);
  state = run(state, { type: 'cardsRemoved', ids: ['a2'] }, { type: 'cardsRemoved', ids: ['n1'] });
  assert.equal(state.summary, null);
});

test('held deliveries are marked until the summary delivers them or they leave the list', () => {
  const until = '2026-01-01T18:00:00.000Z';
  let state = run(withApps(), { type: 'heldForSummary', app: APP, deliveries: ['d1', 'd2'], until });
  assert.deepEqual(state.held, { d1: { app: APP, until }, d2: { app: APP, until } });
  const listed = (id) => ({ id, app: APP, date: until, request: { identifier: id, content: {} } });
  state = reduce(state, { type: 'deliveredRead', app: APP, deliveries: [listed('d1'), listed('d2')] });
  assert.deepEqual(Object.keys(state.held), ['d1', 'd2']);
  state = reduce(state, { type: 'deliveredRead', app: APP, deliveries: [listed('d2')] });
  assert.deepEqual(Object.keys(state.held), ['d2']);
  state = reduce(state, { type: 'summaryArrived', app: APP, summary: { date: until, groups: [group(APP, '', presentation('d2', 0))] } });
  assert.deepEqual(state.held, {});
});

test('a quiet change updates what the center says is on, without its settings', () => {
  const quiet = { isFocused: false, state: { desktopDoNotDisturb: false }, settings: { focusModes: [], summaryTimes: [] } };
  let state = run(withApps(), { type: 'focusRead', quiet });
  state = reduce(state, { type: 'quietChanged', quietState: { desktopDoNotDisturb: true } });
  assert.equal(state.quiet.isFocused, true);
  assert.equal(state.quiet.settings, quiet.settings);
  assert.equal(reduce(initialState(), { type: 'quietChanged', quietState: { desktopDoNotDisturb: true } }).quiet, null);
});

test('editing a Focus opens the panel; closing the panel ends the edit', () => {
  let state = reduce(withApps(), { type: 'focusEditStarted', identifier: 'work' });
  assert.equal(state.focusPanelOpen, true);
  assert.equal(state.focusEditing.identifier, 'work');
  state = reduce(state, { type: 'focusPanelToggled' });
  assert.equal(state.focusPanelOpen, false);
  assert.equal(state.focusEditing, null);
});

test('a Focus switched on for a while ends then, on the daemon\'s clock', async () => {
  const { focusEnd, newIdentifier } = await import('../../Sources/HeraldServer/Resources/ui/center/rules-focus.js');
  const now = new Date(2026, 0, 5, 14, 30, 12);
  assert.equal(focusEnd('', now), null);
  assert.equal(focusEnd('3600', now).getTime(), now.getTime() + 3_600_000);
  assert.deepEqual(focusEnd('evening', now), new Date(2026, 0, 5, 18, 0, 0));
  assert.deepEqual(focusEnd('evening', new Date(2026, 0, 5, 19, 0)), new Date(2026, 0, 6, 18, 0, 0));
  assert.deepEqual(focusEnd('morning', now), new Date(2026, 0, 6, 8, 0, 0));
  assert.equal(newIdentifier('Deep Work!', []), 'deep-work');
  assert.equal(newIdentifier('Deep Work', [{ identifier: 'deep-work' }, { identifier: 'deep-work-2' }]), 'deep-work-3');
  assert.equal(newIdentifier('☾', []), 'focus');
});
