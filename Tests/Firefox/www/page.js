// A site that subscribes to push with its application server's VAPID key (?key=),
// in a Firefox whose push service is Herald. What happens is reported to the test's
// server (POST /report), shown on the page and in its title.
const params = new URLSearchParams(location.search);

function report(kind, detail) {
  document.getElementById('log').textContent += `${kind} ${JSON.stringify(detail)}\n`;
  document.title = `Herald push: ${kind}`;
  document.getElementById('status').textContent = kind;
  return fetch('/report', {
    method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({from: 'page', kind, detail}),
  }).catch(() => {});
}

function within(promise, milliseconds) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${milliseconds} ms`)), milliseconds);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// A fresh profile's first subscribe() can be dropped before Firefox's push service
// is up (it starts in an idle task after startup), and then never settles: try again.
async function subscribe(registration) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await within(
        registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: params.get('key')}), 15000);
    } catch (error) {
      await report('subscribe-retry', {attempt, message: String(error)});
      if (attempt === 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

try {
  const registration = await navigator.serviceWorker.register('/worker.js', {scope: '/'});
  await navigator.serviceWorker.ready;
  const subscription = await subscribe(registration);
  await report('subscribed', subscription.toJSON());
} catch (error) {
  await report('error', String(error));
}
