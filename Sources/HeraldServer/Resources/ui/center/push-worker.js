/*
 * The web center's service worker: shows the notifications the daemon pushes to
 * this browser by Web Push while the center is closed, and answers them.
 *
 * Each push (decrypted by the browser) is an API.WebPushNotification: the
 * delivery, its texts, the banner's actions and the key that answers it
 * (`answerKey`), which only this browser can read. A click or an action posts
 * the answer to /v1/push/answers with that key (no session: the center may be
 * closed); a click, a foreground action, or an action that needs the person
 * signed in opens the center on the address the daemon answers, which signs
 * this browser in the first time. Closing the notification answers with the
 * dismiss action when the app's category reports dismissals.
 *
 * The center open and visible shows its own banner: the push is not shown twice.
 * Served at /push-worker.js, so its scope is the whole daemon.
 */

const DEFAULT_ACTION = 'com.apple.UNNotificationDefaultActionIdentifier';
const DISMISS_ACTION = 'com.apple.UNNotificationDismissActionIdentifier';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Whether a page of the center is open and visible in this browser. */
async function centerIsVisible() {
  const windows = await self.clients.matchAll({ type: 'window' });
  return windows.some((client) => client.visibilityState === 'visible' && new URL(client.url).pathname === '/');
}

function options(notification) {
  const limit = self.Notification?.maxActions ?? 2;
  return {
    body: [notification.subtitle, notification.body].filter(Boolean).join('\n'),
    tag: notification.tag,
    timestamp: Date.parse(notification.date),
    silent: !notification.sound,
    requireInteraction: notification.interruptionLevel === 'critical',
    actions: notification.actions.slice(0, limit).map((action) => ({
      action: action.identifier,
      title: action.title,
      // A text field where the browser has one (Chromium); elsewhere the center opens on it.
      ...(action.textInput ? { type: 'text', placeholder: action.textInput.placeholder } : {}),
    })),
    data: {
      delivery: notification.delivery, key: notification.answerKey, app: notification.app,
      actions: notification.actions, reportsDismissal: notification.reportsDismissal,
    },
  };
}

self.addEventListener('push', (event) => {
  let notification;
  try {
    notification = event.data.json();
  } catch {
    return;
  }
  event.waitUntil((async () => {
    if (await centerIsVisible()) return;
    await self.registration.showNotification(notification.title || notification.appName, options(notification));
  })());
});

async function answer(data, actionIdentifier, userText, opensCenter) {
  const response = await fetch('/v1/push/answers', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ delivery: data.delivery, key: data.key, actionIdentifier, userText, opensCenter }),
  });
  return response.ok ? response.json() : { answered: false, open: opensCenter ? `/?app=${encodeURIComponent(data.app)}` : null };
}

self.addEventListener('notificationclick', (event) => {
  const { notification } = event;
  const data = notification.data;
  notification.close();
  const actionIdentifier = event.action || DEFAULT_ACTION;
  const action = data.actions.find((candidate) => candidate.identifier === actionIdentifier);
  const opensCenter = actionIdentifier === DEFAULT_ACTION || Boolean(action?.options.includes('foreground'));
  // A text action without the browser's text field (event.reply) is left to the center's reply
  // field: the daemon answers with the address to open.
  // (Chromium's `reply` is '' for every other click.)
  const text = action?.textInput && event.reply ? event.reply : null;
  event.waitUntil((async () => {
    const result = await answer(data, actionIdentifier, text, opensCenter);
    if (result.open) await self.clients.openWindow(result.open);
  })());
});

self.addEventListener('notificationclose', (event) => {
  const data = event.notification.data;
  if (data?.reportsDismissal) event.waitUntil(answer(data, DISMISS_ACTION, null, false));
});
