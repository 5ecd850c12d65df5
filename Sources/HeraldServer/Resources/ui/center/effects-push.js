/*
 * Web Push from the center: subscribing this browser (the service worker,
 * /push-worker.js, shows what the daemon pushes while the center is closed),
 * unsubscribing it, and which apps' notifications each subscribed browser gets.
 * The effects of the push actions; effects.js merges them with the others.
 */

import { ApiError, api } from '../common/api.js';
import { failed, said } from './messages.js';

/** This browser's identifier among the daemon's subscribed browsers (`wps_…`). */
const BROWSER_KEY = 'herald.pushBrowser';
/** How long a first subscribe may take before it is asked again (a fresh Firefox profile can hang on it). */
const SUBSCRIBE_WAIT = 15000;

/** This browser's identifier, if it subscribed. */
export const thisBrowser = () => localStorage.getItem(BROWSER_KEY);

/** Whether this browser can be pushed to at all. */
export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && window.isSecureContext;

function withTimeout(promise, ms) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), ms))]);
}

async function subscribe(registration, applicationServerKey) {
  const ask = () => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  try {
    return await withTimeout(ask(), SUBSCRIBE_WAIT);
  } catch (error) {
    if (error.message !== 'timed out') throw error;
    return withTimeout(ask(), SUBSCRIBE_WAIT);
  }
}

export function createPushEffects({ dispatch }) {
  const say = (text, isError) => dispatch(said(text, isError));

  /** Reads the subscribed browsers; this browser is on while the daemon still lists it. */
  async function readBrowsers() {
    try {
      const { browsers } = await api('GET', '/v1/push/browsers');
      const mine = thisBrowser();
      const on = Boolean(mine) && browsers.some((browser) => browser.identifier === mine) &&
        pushSupported() && Notification.permission === 'granted';
      dispatch({ type: 'pushBrowsersRead', browsers, on });
    } catch (error) {
      dispatch(failed(error));
    }
  }

  async function turnOn() {
    if (!pushSupported()) {
      dispatch({ type: 'pushSet', on: false });
      say('This browser cannot show notifications with the center closed.', true);
      return;
    }
    if (await Notification.requestPermission() !== 'granted') {
      dispatch({ type: 'pushSet', on: false });
      say('The browser did not allow notifications.', true);
      return;
    }
    try {
      const registration = await navigator.serviceWorker.register('/push-worker.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      const { applicationServerKey } = await api('GET', '/v1/push/browsers');
      const subscription = await subscribe(registration, applicationServerKey);
      const browser = await api('POST', '/v1/push/browsers', { subscription: subscription.toJSON() });
      localStorage.setItem(BROWSER_KEY, browser.identifier);
      say(`Notifications reach ${browser.name} with the center closed.`);
    } catch (error) {
      dispatch({ type: 'pushSet', on: false });
      say(error instanceof ApiError ? `${error.message} (${error.code})`
        : `This browser's push service could not be reached: ${error.message || error}`, true);
    }
    await readBrowsers();
  }

  async function turnOff() {
    try {
      const registration = await navigator.serviceWorker?.getRegistration('/');
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
      const mine = thisBrowser();
      if (mine) await api('DELETE', `/v1/push/browsers/${encodeURIComponent(mine)}`);
      say('Notifications no longer reach this browser with the center closed.');
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) dispatch(failed(error));
    }
    localStorage.removeItem(BROWSER_KEY);
    await readBrowsers();
  }

  /** Removes a subscribed browser; this one is turned off as its switch would. */
  async function remove(browser) {
    if (browser === thisBrowser()) return turnOff();
    try {
      await api('DELETE', `/v1/push/browsers/${encodeURIComponent(browser)}`);
      say('That browser no longer gets notifications with the center closed.');
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) dispatch(failed(error));
    }
    return readBrowsers();
  }

  return {
    pushStarted: readBrowsers,
    pushToggled: ({ on }) => (on ? turnOn() : turnOff()),
    pushBrowserRemoved: ({ browser }) => remove(browser),
    async pushAppChanged({ browser, app, receives }) {
      try {
        await api('PUT', `/v1/push/browsers/${encodeURIComponent(browser)}/apps/${encodeURIComponent(app)}`, { receives });
      } catch (error) {
        dispatch(failed(error));
      }
      await readBrowsers();
    },
  };
}
