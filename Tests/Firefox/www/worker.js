// The site's service worker: shows each push as a notification, and reports it and
// the notifications shown to the test's server.
function report(kind, detail) {
  return fetch('/report', {
    method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({from: 'worker', kind, detail}),
  }).catch(() => {});
}

self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', (event) => {
  const message = event.data ? event.data.json() : {};
  event.waitUntil((async () => {
    await self.registration.showNotification(message.title || 'Herald', {body: message.body || '', tag: message.tag});
    const shown = await self.registration.getNotifications();
    await report('shown', shown.map((notification) => ({title: notification.title, body: notification.body})));
  })());
});
