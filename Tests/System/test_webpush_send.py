"""Herald sends Web Push (RFC 8030, 8291, 8292) to a browser's push service: here a
push service written on Python's http.server that takes each message as a browser's
push service and the browser would, with libraries nobody here wrote: py-vapid checks
the VAPID token's signature with its key, and http-ece decrypts the aes128gcm body
with the subscription's private key and auth secret, as the browser does.

A notification scheduled through the daemon's API reaches the subscribed browser with
its title, body, banner actions, TTL, Urgency and Topic; a browser taken off the app gets
nothing; a 429 with Retry-After is retried no sooner; a 410 ends the subscription. The
daemon runs on a virtual clock, so retries wait for the test to move it.

Run by scripts/test (pytest). Needs the built `.build/debug/herald`.
"""

import json
import pathlib
import sys
import time
import urllib.error
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HeraldDaemon  # noqa: E402  (after the path it lives on)
from herald_push import call  # noqa: E402
from herald_webpush import Browser, PushService, unb64url  # noqa: E402

APP = "com.example.chat"
OTHER_APP = "com.example.news"
INVITE = {
    "identifier": "invite",
    "actions": [
        {"identifier": "accept", "title": "Accept", "options": ["foreground"]},
        {"identifier": "decline", "title": "Decline", "options": ["destructive"]},
        {"identifier": "comment", "title": "Comment", "textInput": {"buttonTitle": "Send", "placeholder": "Say"}},
    ],
    "options": [],
}
SECURE = {
    "identifier": "secure",
    "actions": [{"identifier": "wipe", "title": "Wipe", "options": ["destructive", "authenticationRequired"]}],
    "options": [],
}
DEFAULT_ACTION = "com.apple.UNNotificationDefaultActionIdentifier"


@pytest.fixture
def setup(tmp_path):
    service = PushService()
    daemon = HeraldDaemon(
        tmp_path / "data", "--virtual-clock", "--policy", "grant-all", "--no-bundled-apps", "--desktop", "off")
    try:
        tokens = {}
        for app, name in ((APP, "Chat"), (OTHER_APP, "News")):
            tokens[app] = call(daemon, "POST", "/v1/apps", daemon.admin_token, {"identifier": app, "name": name})["token"]
            call(daemon, "POST", f"/v1/apps/{app}/authorization", tokens[app], {"options": ["alert", "sound"]})
            call(daemon, "PUT", f"/v1/apps/{app}/categories", tokens[app], {"categories": [INVITE, SECURE]})
        yield daemon, service, tokens
    finally:
        daemon.stop()
        service.stop()


def subscribe(daemon, browser, name=None):
    body = {"subscription": browser.subscription}
    if name:
        body["name"] = name
    return call(daemon, "POST", "/v1/push/browsers", daemon.admin_token, body)


def notify(daemon, tokens, app, identifier, title, body="", category="invite", **content):
    call(daemon, "POST", f"/v1/apps/{app}/requests", tokens[app], {
        "identifier": identifier,
        "content": {"title": title, "body": body, "categoryIdentifier": category, **content},
        "trigger": None,
    })


def answer(daemon, shown, action, key=None, text=None, opens=False, origin=None):
    """What the center's service worker sends for a click or an action: no credentials,
    the push's key."""
    headers = {"Content-Type": "application/json", **({"Origin": origin} if origin else {})}
    request = urllib.request.Request(
        daemon.url + "/v1/push/answers", method="POST", headers=headers,
        data=json.dumps({"delivery": shown["delivery"], "key": key or shown["answerKey"], "actionIdentifier": action,
                         "userText": text, "opensCenter": opens}).encode())
    with urllib.request.urlopen(request, timeout=60) as reply:
        return json.loads(reply.read())


def advance(daemon, seconds):
    call(daemon, "POST", "/v1/debug/clock", daemon.admin_token, {"advanceSeconds": seconds})


def test_a_notification_reaches_each_subscribed_browser_encrypted_for_it(setup):
    daemon, service, tokens = setup
    firefox, chromium = Browser(service.endpoint("firefox")), Browser(service.endpoint("chromium"))
    listed = subscribe(daemon, firefox, "Firefox on Linux")
    assert listed["name"] == "Firefox on Linux" and listed["pushService"] == service.origin
    subscribe(daemon, chromium)
    browsers = call(daemon, "GET", "/v1/push/browsers", daemon.admin_token)
    assert sorted(b["name"] for b in browsers["browsers"]) == ["A browser", "Firefox on Linux"]
    # The key a page subscribes with: an uncompressed P-256 point, in base64url.
    key = unb64url(browsers["applicationServerKey"])
    assert len(key) == 65 and key[0] == 4

    notify(daemon, tokens, APP, "lunch", "Lunch?", "At noon, downstairs", interruptionLevel="timeSensitive")
    messages = service.wait(2)
    assert service.problems == []
    by_name = {message["name"]: message for message in messages}
    for browser, name in ((firefox, "firefox"), (chromium, "chromium")):
        message = by_name[name]
        shown = browser.read(message["body"])
        assert (shown["title"], shown["body"], shown["app"], shown["appName"]) == \
            ("Lunch?", "At noon, downstairs", APP, "Chat")
        assert [action["identifier"] for action in shown["actions"]] == ["accept", "decline"]
        assert shown["interruptionLevel"] == "timeSensitive"
        assert message["headers"]["urgency"] == "high"
        assert message["headers"]["ttl"] == "86400"
        assert message["headers"]["topic"] == shown["tag"] and len(shown["tag"]) == 32
    # Each browser's message is encrypted for it alone.
    with pytest.raises(Exception):
        firefox.read(by_name["chromium"]["body"])

    # The same request again: the same Topic, so it replaces one still waiting.
    notify(daemon, tokens, APP, "lunch", "Lunch? (moved)", "At one")
    again = service.wait(4)[2:]
    assert {m["headers"]["topic"] for m in again} == {by_name["firefox"]["headers"]["topic"]}
    assert service.problems == []


def test_a_browser_taken_off_an_app_gets_only_the_others(setup):
    daemon, service, tokens = setup
    browser = Browser(service.endpoint("firefox"))
    identifier = subscribe(daemon, browser)["identifier"]
    changed = call(daemon, "PUT", f"/v1/push/browsers/{identifier}/apps/{APP}", daemon.admin_token, {"receives": False})
    assert changed["excludedApps"] == [APP]
    notify(daemon, tokens, APP, "hidden", "Not for this browser")
    notify(daemon, tokens, OTHER_APP, "shown", "Headlines")
    messages = service.wait(1)
    time.sleep(1)  # give a wrongly sent message time to arrive
    assert [browser.read(m["body"])["title"] for m in service.messages] == ["Headlines"]
    assert len(messages) == 1


def test_too_many_requests_waits_for_retry_after_and_gone_ends_the_subscription(setup):
    daemon, service, tokens = setup
    busy, gone = Browser(service.endpoint("busy")), Browser(service.endpoint("gone"))
    service.script = {"busy": [(429, 30)], "gone": [(410, None)]}
    subscribe(daemon, busy, "Busy")
    subscribe(daemon, gone, "Gone")
    notify(daemon, tokens, APP, "one", "One")
    service.wait(2)
    # The 410: the browser is forgotten.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        names = [b["name"] for b in call(daemon, "GET", "/v1/push/browsers", daemon.admin_token)["browsers"]]
        if names == ["Busy"]:
            break
        time.sleep(0.05)
    assert names == ["Busy"]
    # The 429 asked for 30 s: the retry after 1 s does not go before them.
    advance(daemon, 29)
    time.sleep(1)
    assert len(service.messages) == 2
    advance(daemon, 1)
    messages = service.wait(3)
    assert messages[2]["name"] == "busy" and messages[2]["status"] == 201
    assert busy.read(messages[2]["body"])["title"] == "One"
    assert service.problems == []


def test_a_subscription_that_cannot_be_sent_to_is_refused(setup):
    daemon, service, _ = setup
    for endpoint, p256dh in (("http://push.example.net/x", None), (service.endpoint("x"), "BCVx")):
        browser = Browser(endpoint)
        if p256dh:
            browser.subscription["keys"]["p256dh"] = p256dh
        with pytest.raises(urllib.error.HTTPError) as refusal:
            subscribe(daemon, browser)
        assert refusal.value.code == 422
        assert json.loads(refusal.value.read())["error"]["code"] == "invalidSubscription"
    assert call(daemon, "GET", "/v1/push/browsers", daemon.admin_token)["browsers"] == []


def test_the_worker_answers_with_the_key_the_push_carried(setup):
    daemon, service, tokens = setup
    browser = Browser(service.endpoint("firefox"))
    subscribe(daemon, browser)
    notify(daemon, tokens, APP, "lunch", "Lunch?")
    notify(daemon, tokens, APP, "coffee", "Coffee?")
    notify(daemon, tokens, APP, "vault", "Vault opened", category="secure")
    shown = {}
    for message in service.wait(3):
        notification = browser.read(message["body"])
        shown[notification["title"]] = notification
    lunch, coffee, vault = shown["Lunch?"], shown["Coffee?"], shown["Vault opened"]

    # A key answers its own delivery only; nothing else answers without credentials.
    for key in (vault["answerKey"], lunch["answerKey"][:-2] + "AA", "not a key"):
        with pytest.raises(urllib.error.HTTPError) as refusal:
            answer(daemon, lunch, "decline", key=key)
        assert refusal.value.code == 404
    # A page of another origin holding the key is refused too.
    with pytest.raises(urllib.error.HTTPError) as refusal:
        answer(daemon, lunch, "decline", origin="http://evil.example")
    assert refusal.value.code == 403
    assert answer(daemon, lunch, "decline", origin=daemon.url) == {"answered": True}
    responses = call(daemon, "GET", f"/v1/apps/{APP}/responses", tokens[APP])["responses"]
    assert [(r["delivery"]["id"], r["actionIdentifier"]) for r in responses] == [(lunch["delivery"], "decline")]
    # Answered: the delivery is gone, and its key answers nothing more.
    with pytest.raises(urllib.error.HTTPError) as refusal:
        answer(daemon, lunch, "accept")
    assert refusal.value.code == 404

    # A click opens the center, signed in by the address.
    opened = answer(daemon, coffee, DEFAULT_ACTION, opens=True)
    assert opened["answered"] and opened["open"].startswith("/login?code=")
    with urllib.request.urlopen(daemon.url + opened["open"], timeout=60) as page:
        assert "herald_session_" in page.headers.get("Set-Cookie", "")

    # An action that needs the person signed in is left to the center, opened on it;
    # its key signs a browser in once.
    wiped = answer(daemon, vault, "wipe")
    assert wiped["answered"] is False
    assert wiped["open"].startswith("/login?code=") and "reply%3D" in wiped["open"] and "action%3Dwipe" in wiped["open"]
    again = answer(daemon, vault, "wipe")
    assert again == {"answered": False, "open": f"/?reply={vault['delivery']}&action=wipe"}
    responses = call(daemon, "GET", f"/v1/apps/{APP}/responses", tokens[APP])["responses"]
    assert [r["actionIdentifier"] for r in responses] == ["decline", DEFAULT_ACTION]
