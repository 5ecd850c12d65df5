// The web notification center's pure modules (Sources/HeraldServer/Resources/ui/center/):
// its reducer, store and rules, run by scripts/check-web with `node --test`.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MAX_BANNERS, cardKey, initialState, reduce } from '../../Sources/HeraldServer/Resources/ui/center/reducer.js';
import { deliveryInfo, opensApp } from '../../Sources/HeraldServer/Resources/ui/center/rules.js';
import { createStore } from '../../Sources/HeraldServer/Resources/ui/center/store.js';

const APP = 'com.example.chat';
const app = (identifier = APP, name = 'Chat') => ({ identifier, name });
const presentation = (id, style = 'banner', sound = false) => ({ delivery: delivery(id), style, sound });
const INVITE = {
  identifier: 'invite', options: [],
  actions: [
    { identifier: 'accept', title: 'Accept', options: ['foreground'] },
    { identifier: 'decline', title: 'Decline', options: ['destructive'] },
    { identifier: 'comment', title: 'Comment', options: [], textInput: { buttonTitle: 'Send', placeholder: '…' } },
  ],
};
const RECEIPT = { identifier: 'receipt', options: ['customDismissAction'], actions: [] };
const CATEGORIES = { invite: INVITE, receipt: RECEIPT };
const DEFAULT_ACTION = 'com.apple.UNNotificationDefaultActionIdentifier';
/** A delivery as the daemon lists it: with the category it was made with and its rules' answers. */
const delivery = (id, { category = 'invite', date = '2026-01-01T00:00:00Z', app: owner = APP } = {}) => {
  const made = category ? CATEGORIES[category] : undefined;
  return {
    id, app: owner, date,
    request: { identifier: `r-${id}`, content: { title: `T${id}`, body: `B${id}`, categoryIdentifier: category ?? '' } },
    category: made,
    bannerActions: made ? made.actions.slice(0, 2) : [],
    reportsDismissal: made ? made.options.includes('customDismissAction') : false,
    answersOpeningApp: [DEFAULT_ACTION, ...(made ? made.actions.filter((a) => a.options.includes('foreground')).map((a) => a.identifier) : [])],
  };
};
const run = (state, ...actions) => actions.reduce(reduce, state);
const withApp = () => run(initialState(), { type: 'appsRead', apps: [app()] });

test('what a listed delivery offers is what the daemon sent with it, never derived again', () => {
  const cases = [
    [delivery('1'), { actions: ['accept', 'decline', 'comment'], banner: ['accept', 'decline'], dismissal: false }],
    [delivery('2', { category: 'receipt' }), { actions: [], banner: [], dismissal: true }],
    [delivery('3', { category: null }), { actions: [], banner: [], dismissal: false }],
  ];
  for (const [listed, expected] of cases) {
    const info = deliveryInfo(listed);
    assert.equal(info.delivery, listed);
    assert.deepEqual(info.actions.map((a) => a.identifier), expected.actions);
    assert.deepEqual(info.bannerActions.map((a) => a.identifier), expected.banner);
    assert.equal(info.reportsDismissal, expected.dismissal);
  }
});

test('an answer opens the app only when the daemon says so', () => {
  const cases = [
    [DEFAULT_ACTION, true], ['accept', true], ['decline', false], ['comment', false], ['unknown', false],
  ];
  for (const [action, expected] of cases) assert.equal(opensApp(delivery('1'), action), expected, action);
  assert.equal(opensApp(delivery('2', { category: null }), DEFAULT_ACTION), true);
  const older = { ...delivery('3'), answersOpeningApp: undefined };
  assert.equal(opensApp(older, DEFAULT_ACTION), false);
});

test('apps keep the order they appeared in; a gone app leaves, and the selection moves to the first', () => {
  let state = run(initialState(), { type: 'appsRead', apps: [app('b'), app('a')] });
  assert.deepEqual(state.order, ['b', 'a']);
  assert.equal(state.selected, 'b');
  state = run(state, { type: 'appsRead', apps: [app('c'), app('a')] });
  assert.deepEqual(state.order, ['a', 'c']);
  assert.equal(state.selected, 'c');
  assert.equal(state.apps.b, undefined);
});

test('a presentation shows once, as a banner, an alert or nothing, and counts its sound', () => {
  const cases = [
    ['banner', { banners: 1, alerts: 0 }],
    ['alert', { banners: 0, alerts: 1 }],
    ['none', { banners: 0, alerts: 0 }],
  ];
  for (const [style, expected] of cases) {
    const once = run(withApp(), { type: 'presented', presentation: presentation('1', style, true) });
    const twice = reduce(once, { type: 'presented', presentation: presentation('1', style, true) });
    assert.equal(twice, once, 'a replayed presentation changes nothing');
    assert.deepEqual({ banners: once.banners.length, alerts: once.alerts.length }, expected);
    assert.deepEqual(once.shown, ['1']);
    assert.equal(once.beeps, 1);
    assert.equal(Boolean(once.announcement), style !== 'none');
  }
});

test(`banners are newest first and at most ${MAX_BANNERS}; one with an open reply outlives its time`, () => {
  let state = withApp();
  for (const id of ['1', '2', '3', '4']) state = reduce(state, { type: 'presented', presentation: presentation(id) });
  assert.deepEqual(state.banners.map((p) => p.delivery.id), ['4', '3', '2']);
  state = run(state, { type: 'replyOpened', key: cardKey('banner', '3'), action: 'comment' },
    { type: 'bannerExpired', id: '3' }, { type: 'bannerExpired', id: '4' });
  assert.deepEqual(state.banners.map((p) => p.delivery.id), ['3', '2']);
  assert.equal(state.focus.kind, 'reply');
  state = reduce(state, { type: 'cardsRemoved', ids: ['3'] });
  assert.deepEqual(state.banners.map((p) => p.delivery.id), ['2']);
  assert.deepEqual(state.replies, {});
});

test('a delivered list is sorted newest first; closing one removes it at once', () => {
  const deliveries = [delivery('old', { date: '2026-01-01T00:00:00Z' }), delivery('new', { date: '2026-01-02T00:00:00Z' })];
  let state = run(withApp(), { type: 'deliveredRead', app: APP, deliveries });
  assert.deepEqual(state.apps[APP].delivered.map((d) => d.id), ['new', 'old']);
  state = reduce(state, { type: 'removedFromList', delivery: deliveries[1] });
  assert.deepEqual(state.apps[APP].delivered.map((d) => d.id), ['old']);
  assert.equal(reduce(state, { type: 'deliveredRead', app: 'unknown', deliveries }), state);
});

test('alerts waiting before a reload come back once still delivered', () => {
  const waiting = [presentation('1', 'alert'), presentation('2', 'alert')];
  let state = run(initialState({ restoredAlerts: waiting }), { type: 'appsRead', apps: [app()] });
  state = reduce(state, { type: 'deliveredRead', app: APP, deliveries: [delivery('2')] });
  assert.deepEqual(state.alerts.map((p) => p.delivery.id), ['2']);
  assert.deepEqual(state.restoredAlerts, []);
});

test('a reply link opens the text field of the delivery it names, or says why not', () => {
  const cases = [
    ['1', 'comment', { reply: 'comment', status: '' }],
    ['1', 'accept', { reply: undefined, status: 'That notification has no reply “accept”.' }],
    ['9', 'comment', { reply: undefined, status: 'That notification was already answered or removed.' }],
  ];
  for (const [id, action, expected] of cases) {
    const state = run(withApp(), { type: 'replyLinkFollowed', app: APP, delivery: id, action },
      { type: 'deliveredRead', app: APP, deliveries: [delivery('1')] });
    assert.equal(state.replyLink, null);
    assert.equal(state.replies[cardKey('item', id)], expected.reply);
    assert.equal(state.status.text, expected.status);
  }
});

test('settings open with the focus on them; an app asking for them selects it and says so', () => {
  let state = run(initialState(), { type: 'appsRead', apps: [app('a', 'A'), app('b', 'B')] });
  state = reduce(state, { type: 'settingsShown', app: 'b' });
  assert.equal(state.selected, 'b');
  assert.equal(state.apps.b.settingsOpen, true);
  assert.deepEqual([state.focus.kind, state.focus.app], ['settings', 'b']);
  assert.equal(state.status.text, 'B asked to show its notification settings.');
  const again = reduce(state, { type: 'settingsShown', app: 'b' });
  assert.equal(again.apps.b.settingsOpen, true, 'asking again leaves them open');
  assert.equal(reduce(again, { type: 'settingsToggled', app: 'b' }).apps.b.settingsOpen, false);
});

test('prompts: one per app, the answered ones leave, a read keeps only those still waiting', () => {
  const prompt = (id) => ({ app: id, name: id, options: [] });
  let state = run(initialState(), { type: 'promptAdded', prompt: prompt('a') }, { type: 'promptAdded', prompt: prompt('a') },
    { type: 'promptAdded', prompt: prompt('b') });
  assert.deepEqual(state.prompts.map((p) => p.app), ['a', 'b']);
  state = reduce(state, { type: 'promptsRead', prompts: [prompt('b'), prompt('c')] });
  assert.deepEqual(state.prompts.map((p) => p.app), ['b', 'c']);
  assert.equal(reduce(state, { type: 'promptRemoved', app: 'x' }), state);
});

test('actions that ask for work, and unknown ones, leave the state as it is', () => {
  const state = withApp();
  for (const type of ['respond', 'dismiss', 'setBadge', 'signOut', 'toString', 'nothing']) {
    assert.equal(reduce(state, { type, app: APP }), state);
  }
});

test('the store renders once per batch of changes, never for none, and hands every action to the effects', () => {
  const queued = [];
  const store = createStore(reduce, initialState(), { schedule: (f) => queued.push(f) });
  const rendered = [];
  const seen = [];
  store.subscribe((state) => rendered.push(state));
  store.onAction((action, { previous, state }) => seen.push([action.type, previous !== state]));
  store.dispatch({ type: 'appsRead', apps: [app()] });
  store.dispatch({ type: 'badgeRead', app: APP, badge: 3 });
  store.dispatch({ type: 'respond' });
  assert.equal(queued.length, 1);
  queued.shift()();
  assert.deepEqual(rendered, [store.getState()]);
  assert.equal(store.getState().apps[APP].badge, 3);
  assert.deepEqual(seen, [['appsRead', true], ['badgeRead', true], ['respond', false]]);
  store.dispatch({ type: 'respond' });
  assert.equal(queued.length, 0, 'an action that changes nothing renders nothing');
});

test('web push: the switch shows what was asked at once, a refusal sets it back, a read of the browsers decides', () => {
  let state = initialState();
  assert.deepEqual(state.push, { on: false, browsers: [] });
  state = reduce(state, { type: 'pushToggled', on: true });
  assert.equal(state.push.on, true);
  state = reduce(state, { type: 'pushSet', on: false });
  assert.equal(state.push.on, false);
  assert.equal(reduce(state, { type: 'pushSet', on: false }), state, 'nothing changed: the same state');
  const browsers = [{ identifier: 'wps_1', name: 'Firefox on Linux', pushService: 'https://p', subscribedAt: '', excludedApps: [APP] }];
  state = reduce(state, { type: 'pushBrowsersRead', browsers, on: true });
  assert.deepEqual(state.push, { on: true, browsers });
  assert.equal(reduce(state, { type: 'pushAppChanged', browser: 'wps_1', app: APP, receives: true }), state,
    'asking for a change is work for the effects: the state waits for the daemon');
});
