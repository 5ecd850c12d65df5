"""Web Push in headless Chromium: the center's switch registers the service worker
(/push-worker.js), the settings list the subscribed browsers per app and take one off,
and the worker shows what the daemon pushes, with its actions, and answers it.

Chromium's own push service is out of reach offline, so its subscription fails, and
says so. The push itself is the one the daemon sent to a subscription made here (a
push service on loopback, Tests/harness/herald_webpush.py), decrypted as a browser
does and handed to the worker by DevTools (`ServiceWorker.deliverPushMessage`), as
Chromium's push service would. DevTools also clicks: it dispatches the notification's
click in the worker, as Chromium does when the person clicks an action.
"""

import json
import pathlib
import sys
import time
import urllib.request

from websocket import create_connection

from helpers import allowed_app, schedule

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_webpush import Browser, PushService  # noqa: E402

APP = "com.example.chat"


class DevTools:
    """Chromium's DevTools protocol over its browser WebSocket, for what selenium's
    `execute_cdp_cmd` cannot do: events, and commands in another target (the worker)."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=10) as answer:
            self.socket = create_connection(
                json.loads(answer.read())["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            reply = json.loads(self.socket.recv())
            if reply.get("id") == self.next_id:
                assert "error" not in reply, reply
                return reply.get("result", {})
            self.events.append(reply)

    def attach(self, kind, url_part):
        targets = self.send("Target.getTargets")["targetInfos"]
        found = [t for t in targets if t["type"] == kind and url_part in t["url"]]
        assert found, f"no {kind} target at {url_part}: {targets}"
        target = found[0]
        return self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]

    def registration(self, session):
        """The worker's registration id, from the ServiceWorker domain's events."""
        self.send("ServiceWorker.enable", session=session)
        for _ in range(100):
            for event in self.events:
                if event.get("method") == "ServiceWorker.workerRegistrationUpdated":
                    for registration in event["params"]["registrations"]:
                        if registration["scopeURL"].endswith("/") and not registration["isDeleted"]:
                            return registration["registrationId"]
            self.events.append(json.loads(self.socket.recv()))
        raise AssertionError("no service worker registration was announced")

    def evaluate(self, session, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True},
                           session=session)
        return result["result"].get("value")

    def close(self):
        self.socket.close()


def test_the_worker_shows_a_pushed_delivery_and_its_action_answers_it(center):
    token = allowed_app(center)
    daemon, driver = center.daemon, center.driver
    service = PushService()
    devtools = DevTools(driver)
    try:
        browser = Browser(service.endpoint("laptop"))
        subscribed = daemon.request("POST", "/v1/push/browsers", {"subscription": browser.subscription, "name": "Laptop"})

        # The person turns the switch on: the browser allows notifications, the worker is
        # registered, and Chromium's push service, out of reach, refuses the subscription.
        driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": daemon.url, "permissions": ["notifications"]})
        driver.execute_script("document.getElementById('push-notifications').click()")
        center.wait(60).until(lambda d: "push service could not be reached" in center.find("#status").text)
        assert not center.find("#push-notifications").is_selected()
        assert driver.execute_async_script("""
            const done = arguments[0];
            navigator.serviceWorker.getRegistration('/').then((r) => done(Boolean(r && r.active)));
        """)

        # The app's settings list the subscribed browsers; the person takes the laptop off the app.
        section = center.section(APP)
        center.find(f"{section} .settings-button").click()
        switch = f'{section} .push-browser[data-browser="{subscribed["identifier"]}"]'
        center.visible(switch)
        assert driver.execute_script("return document.querySelector(arguments[0]).checked", switch) is True
        assert center.find(f"{section} .push-browser-name").text == "Laptop"
        center.screenshot("web-push-settings.png")
        # The list is drawn again as the browsers are read: the switch is found at each click.
        click = "document.querySelector(arguments[0]).click()"
        driver.execute_script(click, switch)
        center.wait().until(lambda d: daemon.request("GET", "/v1/push/browsers")["browsers"][0]["excludedApps"] == [APP])
        center.wait().until(lambda d: d.execute_script("return document.querySelector(arguments[0]).checked", switch) is False)
        driver.execute_script(click, switch)
        center.wait().until(lambda d: daemon.request("GET", "/v1/push/browsers")["browsers"][0]["excludedApps"] == [])

        # A delivery: the daemon pushes it to the laptop's push service, encrypted for it.
        schedule(center, APP, token, "lunch", "Lunch?", "At noon", seconds=60)
        daemon.advance(60)
        pushed = browser.read(service.wait(1)[0]["body"])
        assert pushed["title"] == "Lunch?"

        # With the center closed (the tab elsewhere), the worker shows it with its actions.
        driver.get(daemon.url + "/ui/center/style.css")
        page = devtools.attach("page", "/ui/center/style.css")
        registration = devtools.registration(page)
        devtools.send("ServiceWorker.deliverPushMessage", {
            "origin": daemon.url + "/", "registrationId": registration, "data": json.dumps(pushed)}, session=page)
        worker = devtools.attach("service_worker", "/push-worker.js")
        shown = None
        deadline = time.monotonic() + 30
        while not shown and time.monotonic() < deadline:
            time.sleep(0.1)
            shown = devtools.evaluate(worker, """
                self.registration.getNotifications().then((all) =>
                    all.map((n) => ({title: n.title, body: n.body, tag: n.tag, actions: n.actions.map((a) => a.action)})))
            """)
        assert shown == [{"title": "Lunch?", "body": "At noon", "tag": pushed["tag"], "actions": ["accept", "decline"]}]

        # The person presses Decline: the worker answers with the push's key, no session.
        devtools.evaluate(worker, """
            self.registration.getNotifications().then(([notification]) => {
                // A script's event cannot be waited for (waitUntil throws): the answer is sent all the same.
                self.dispatchEvent(new NotificationEvent('notificationclick', {notification, action: 'decline'}));
            })
        """)
        center.wait(30).until(lambda d: [r["actionIdentifier"] for r in daemon.request(
            "GET", f"/v1/apps/{APP}/responses", token=token)["responses"]] == ["decline"])
        assert devtools.evaluate(worker, "self.registration.getNotifications().then((all) => all.length)") == 0
    finally:
        devtools.close()
        service.stop()


def test_a_browser_is_removed_from_an_apps_settings(center):
    allowed_app(center)
    daemon = center.daemon
    service = PushService()
    try:
        laptop = daemon.request("POST", "/v1/push/browsers", {
            "subscription": Browser(service.endpoint("laptop")).subscription, "name": "Laptop"})
        phone = daemon.request("POST", "/v1/push/browsers", {
            "subscription": Browser(service.endpoint("phone")).subscription, "name": "Phone"})
        # The center reads the browsers as it opens: subscribed from elsewhere, they show on the next.
        center.driver.refresh()
        center.wait_live()
        section = center.section(APP)
        center.find(f"{section} .settings-button").click()
        remove = f'{section} .push-browser-remove[data-browser="{laptop["identifier"]}"]'
        center.visible(remove)
        center.driver.execute_script("document.querySelector(arguments[0]).click()", remove)
        center.wait().until(lambda d: [b["identifier"] for b in daemon.request("GET", "/v1/push/browsers")["browsers"]]
                            == [phone["identifier"]])
        center.wait().until(lambda d: d.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map((b) => b.dataset.browser)",
            f"{section} .push-browser-remove") == [phone["identifier"]])
        assert "no longer gets notifications" in center.find("#status").text
    finally:
        service.stop()
