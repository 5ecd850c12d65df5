/*
 * Web Push in the page: the top bar's switch (this browser gets notifications
 * with the center closed) and, in each app's settings, the subscribed browsers,
 * each with a switch for whether it gets the app's notifications and a button
 * that removes it.
 */

import { element } from './dom.js';
import { thisBrowser } from './effects-push.js';

const $ = (id) => document.getElementById(id);

/** The top bar's switch; it dispatches `pushToggled`. */
export function createPushView(dispatch) {
  $('push-notifications').addEventListener('change', (event) => dispatch({ type: 'pushToggled', on: event.target.checked }));
  return function render(state) {
    $('push-notifications').checked = state.push.on;
  };
}

/** The browsers in `app`'s settings panel; their switches dispatch `pushAppChanged`, their buttons `pushBrowserRemoved`. */
export function renderPushBrowsers(section, app, push, dispatch) {
  const group = section.querySelector('.push-group');
  group.hidden = push.browsers.length === 0;
  const mine = thisBrowser();
  const items = push.browsers.map((browser) => {
    const row = element('label', 'switch-row');
    const name = browser.identifier === mine ? `${browser.name} (this browser)` : browser.name;
    const input = element('input', 'switch push-browser');
    input.type = 'checkbox';
    input.setAttribute('role', 'switch');
    input.dataset.browser = browser.identifier;
    input.checked = !browser.excludedApps.includes(app);
    input.addEventListener('change', () => {
      dispatch({ type: 'pushAppChanged', browser: browser.identifier, app, receives: input.checked });
    });
    row.append(element('span', 'push-browser-name', name), input);
    const remove = element('button', 'push-browser-remove', 'Remove');
    remove.type = 'button';
    remove.dataset.browser = browser.identifier;
    remove.setAttribute('aria-label', `Remove ${name}: no more notifications with the center closed`);
    remove.addEventListener('click', () => dispatch({ type: 'pushBrowserRemoved', browser: browser.identifier }));
    const item = element('li', 'push-browser-item');
    item.append(row, remove);
    return item;
  });
  section.querySelector('.push-browsers').replaceChildren(...items);
}
