"""Apple's provider API on `herald serve --push-port`, driven by APNs clients nobody
here wrote: aioapns (PyPI) unmodified but for its host and the certificate it trusts,
httpx with HTTP/2, and curl --http2. A server's push reaches the app's notification
center with Apple's semantics (collapse, userInfo, the push trigger), and each of
Apple's refusals is provoked and answered with its status, its reason and the apns-id.

Run by scripts/test (pytest). Needs the built `.build/debug/herald`.
"""

import asyncio
import json
import pathlib
import ssl
import subprocess
import sys
import time
import uuid

import httpx
import jwt
import pytest
from aioapns import APNs, NotificationRequest, PushType
from aioapns import connection as aioapns_connection

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HERALD, HeraldDaemon  # noqa: E402  (after the path it lives on)
from herald_push import call, make_p8  # noqa: E402

APP = "com.example.chat"
OTHER_APP = "com.example.mail"
TEAM = "TEAM123456"


class Service:
    """A daemon with its provider API on TLS, the chat app registered for remote
    notifications on it, and provider keys of one team (one per client, as each
    provider process signs with its own key)."""

    def __init__(self, directory):
        self.directory = directory
        self.daemon = HeraldDaemon(
            directory / "data", "--policy", "grant-all", "--no-bundled-apps", "--desktop", "off", "--push-port", "0")
        announcement = json.loads((directory / "data" / "daemon.json").read_text())
        self.push_url = announcement["pushURL"]
        self.host, self.port = self.push_url.split("//")[1].rsplit(":", 1)
        self.port = int(self.port)
        self.certificate = directory / "data" / "push-cert.pem"
        self.app_tokens = {}
        for app in (APP, OTHER_APP):
            self.app_tokens[app] = call(self.daemon, "POST", "/v1/apps", self.daemon.admin_token,
                                        {"identifier": app, "name": app})["token"]
        # As an iOS app: it asks to show alerts (granted: --policy grant-all), then registers.
        call(self.daemon, "POST", f"/v1/apps/{APP}/authorization", self.app_tokens[APP],
             {"options": ["alert", "sound", "badge"]})
        self.device_token = call(self.daemon, "POST", "/v1/push/registration", self.app_tokens[APP], {})["deviceToken"]
        self.keys = {}

    def add_key(self, key_id, topics=(APP, OTHER_APP), team=TEAM):
        path = make_p8(self.directory, key_id)
        arguments = ["push", "keys", "add", "--team", team, "--key-id", key_id, "--file", str(path)]
        for topic in topics:
            arguments += ["--topic", topic]
        result = subprocess.run([str(HERALD), *arguments, "--data-dir", str(self.directory / "data")],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        self.keys[key_id] = path.read_text()
        return self.keys[key_id]

    def token(self, key_id, issued_at=None, team=TEAM):
        return jwt.encode({"iss": team, "iat": int(issued_at if issued_at is not None else time.time())},
                          self.keys[key_id], algorithm="ES256", headers={"kid": key_id})

    def delivered(self, app=APP):
        return call(self.daemon, "GET", f"/v1/apps/{app}/delivered", self.app_tokens[app])["deliveries"]

    def wait_for_delivered(self, predicate, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            deliveries = self.delivered()
            if predicate(deliveries):
                return deliveries
            time.sleep(0.05)
        raise AssertionError(f"not delivered within {seconds} s: {self.delivered()}")

    def stop(self):
        self.daemon.stop()


@pytest.fixture
def service(tmp_path):
    service = Service(tmp_path)
    yield service
    service.stop()


def test_aioapns_alert_reaches_the_app_and_a_collapse_id_replaces_it(service, monkeypatch):
    key = service.add_key("AIOAPNS001")
    # aioapns talks to Apple's host: only that, and the certificate it trusts, change.
    monkeypatch.setattr(aioapns_connection.APNsProductionClientProtocol, "APNS_SERVER", service.host)
    monkeypatch.setattr(aioapns_connection.APNsProductionClientProtocol, "APNS_PORT", service.port)
    trusted = ssl.create_default_context(cafile=str(service.certificate))

    async def send_and_collapse():
        client = APNs(key=key, key_id="AIOAPNS001", team_id=TEAM, topic=APP, use_sandbox=False, ssl_context=trusted)
        first_id = str(uuid.uuid4())
        first = await client.send_notification(NotificationRequest(
            device_token=service.device_token, notification_id=first_id, collapse_key="chat-42",
            push_type=PushType.ALERT,
            message={"aps": {"alert": {"title": "Lunch?", "body": "At noon"}, "badge": 3, "sound": "default"},
                     "room": {"id": 42}}))
        assert first.is_successful, (first.status, first.description)
        assert first.notification_id == first_id
        deliveries = await asyncio.to_thread(service.wait_for_delivered, lambda d: len(d) == 1)
        content = deliveries[0]["request"]["content"]
        assert content["title"] == "Lunch?" and content["body"] == "At noon" and content["badge"] == 3
        assert deliveries[0]["request"]["trigger"]["type"] == "push"
        assert deliveries[0]["request"]["identifier"] == "chat-42"
        assert content["userInfo"]["room"] == {"id": 42}
        assert content["userInfo"]["aps"]["alert"]["title"] == "Lunch?"

        again = await client.send_notification(NotificationRequest(
            device_token=service.device_token, collapse_key="chat-42", push_type=PushType.ALERT,
            message={"aps": {"alert": {"title": "Lunch?", "body": "At one, then"}}}))
        assert again.is_successful, (again.status, again.description)
        deliveries = await asyncio.to_thread(
            service.wait_for_delivered, lambda d: [x["request"]["content"]["body"] for x in d] == ["At one, then"])
        assert len(deliveries) == 1

    asyncio.run(send_and_collapse())


def test_aioapns_hears_apples_reasons(service, monkeypatch):
    key = service.add_key("AIOAPNS002")
    monkeypatch.setattr(aioapns_connection.APNsProductionClientProtocol, "APNS_SERVER", service.host)
    monkeypatch.setattr(aioapns_connection.APNsProductionClientProtocol, "APNS_PORT", service.port)
    trusted = ssl.create_default_context(cafile=str(service.certificate))

    async def send():
        client = APNs(key=key, key_id="AIOAPNS002", team_id=TEAM, topic=APP, use_sandbox=False, ssl_context=trusted)
        unknown = await client.send_notification(NotificationRequest(
            device_token="ab" * 32, message={"aps": {"alert": "hi"}}))
        assert (unknown.status, unknown.description) == ("400", "BadDeviceToken")
        empty = await client.send_notification(NotificationRequest(
            device_token=service.device_token, message={"aps": {"alert": "x" * 5000}}))
        assert (empty.status, empty.description) == ("413", "PayloadTooLarge")

    asyncio.run(send())
    assert service.delivered() == []


class Push:
    """One POST /3/device/{token} and the refusal Apple answers it with."""

    def __init__(self, what, status, reason, path=None, headers=None, body=None, token=None, method="POST"):
        self.what, self.status, self.reason = what, status, reason
        self.path, self.headers, self.body, self.token, self.method = path, headers, body, token, method

    def __repr__(self):
        return self.what


REFUSALS = [
    Push("GET", 405, "MethodNotAllowed", method="GET"),
    Push("another path", 404, "BadPath", path="/3/devices/x"),
    Push("no token", 403, "MissingProviderToken", token=""),
    Push("a token of a key nobody registered", 403, "InvalidProviderToken", token="unknown-key"),
    Push("a token issued two hours ago", 403, "ExpiredProviderToken", token="old"),
    Push("no topic", 400, "MissingTopic", headers={"apns-topic": None}),
    Push("a topic of another team", 400, "TopicDisallowed", headers={"apns-topic": "com.example.elsewhere"}),
    Push("an unknown push type", 400, "InvalidPushType", headers={"apns-push-type": "fileprovider"}),
    Push("priority 7", 400, "BadPriority", headers={"apns-priority": "7"}),
    Push("a background push at priority 10", 400, "BadPriority",
         headers={"apns-push-type": "background", "apns-priority": "10"}, body={"aps": {"content-available": 1}}),
    Push("an apns-id that is no UUID", 400, "BadMessageId", headers={"apns-id": "nope"}),
    Push("a bad expiration", 400, "BadExpirationDate", headers={"apns-expiration": "soon"}),
    Push("a collapse id of 65 bytes", 400, "BadCollapseId", headers={"apns-collapse-id": "c" * 65}),
    Push("a token that is not hex", 400, "BadDeviceToken", path="/3/device/zz"),
    Push("the token of another app", 400, "DeviceTokenNotForTopic", headers={"apns-topic": OTHER_APP}),
    Push("an empty payload", 400, "PayloadEmpty", body=b""),
    Push("a payload of 4,097 bytes", 413, "PayloadTooLarge", body={"aps": {"alert": "x" * 4077}}),
]


@pytest.mark.parametrize("push", REFUSALS, ids=repr)
def test_httpx_http2_each_refusal(service, push):
    service.add_key("HTTPX00001")
    bearer = {"": None, "unknown-key": "unknown", "old": "old"}.get(push.token, "good")
    if bearer == "unknown":
        service.keys["NOBODY0001"] = service.keys["HTTPX00001"]
        authorization = "bearer " + service.token("NOBODY0001")
    elif bearer == "old":
        authorization = "bearer " + service.token("HTTPX00001", issued_at=time.time() - 7200)
    elif bearer == "good":
        authorization = "bearer " + service.token("HTTPX00001")
    else:
        authorization = None
    headers = {"apns-topic": APP, "apns-push-type": "alert"}
    headers.update(push.headers or {})
    if authorization:
        headers["authorization"] = authorization
    headers = {name: value for name, value in headers.items() if value is not None}
    body = push.body if push.body is not None else {"aps": {"alert": "Lunch?"}}
    content = body if isinstance(body, bytes) else json.dumps(body, separators=(",", ":")).encode()
    if push.reason == "PayloadTooLarge":
        assert len(content) == 4097
    with httpx.Client(http2=True, verify=ssl.create_default_context(cafile=str(service.certificate)), timeout=60) as client:
        answer = client.request(push.method, service.push_url + (push.path or f"/3/device/{service.device_token}"),
                                headers=headers, content=content)
    assert answer.http_version == "HTTP/2"
    assert (answer.status_code, answer.json()) == (push.status, {"reason": push.reason})
    assert uuid.UUID(answer.headers["apns-id"])
    assert service.delivered() == []


def test_httpx_unregistered_after_the_app_unregisters(service):
    service.add_key("HTTPX00002")
    call(service.daemon, "DELETE", "/v1/push/registration", service.app_tokens[APP])
    sent = str(uuid.uuid4()).upper()
    with httpx.Client(http2=True, verify=ssl.create_default_context(cafile=str(service.certificate)), timeout=60) as client:
        answer = client.post(
            f"{service.push_url}/3/device/{service.device_token}",
            headers={"authorization": "bearer " + service.token("HTTPX00002"), "apns-topic": APP, "apns-id": sent},
            content=b'{"aps":{"alert":"still there?"}}')
    assert answer.status_code == 410
    assert answer.json()["reason"] == "Unregistered"
    assert abs(answer.json()["timestamp"] / 1000 - time.time()) < 600
    assert answer.headers["apns-id"].upper() == sent


def test_a_new_token_within_20_minutes_is_too_many_updates(service):
    service.add_key("HTTPX00003")
    with httpx.Client(http2=True, verify=ssl.create_default_context(cafile=str(service.certificate)), timeout=60) as client:
        def push(token):
            return client.post(
                f"{service.push_url}/3/device/{service.device_token}",
                headers={"authorization": "bearer " + token, "apns-topic": APP},
                content=b'{"aps":{"alert":"hello"}}')
        first = service.token("HTTPX00003")
        assert push(first).status_code == 200
        assert push(first).status_code == 200
        second = service.token("HTTPX00003", issued_at=time.time() - 1)
        answer = push(second)
        assert (answer.status_code, answer.json()) == (429, {"reason": "TooManyProviderTokenUpdates"})
    service.wait_for_delivered(lambda d: len(d) == 2)


def test_curl_http2_pushes_and_reads_the_apns_id(service, tmp_path):
    service.add_key("CURL000001")
    sent = str(uuid.uuid4())
    result = subprocess.run(
        ["curl", "--silent", "--show-error", "--http2", "--cacert", str(service.certificate), "--include",
         "--header", "authorization: bearer " + service.token("CURL000001"),
         "--header", f"apns-topic: {APP}", "--header", "apns-push-type: alert", "--header", f"apns-id: {sent}",
         "--data", '{"aps":{"alert":{"title":"From curl","body":"over HTTP/2"}}}',
         f"{service.push_url}/3/device/{service.device_token}"],
        capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("HTTP/2 200"), result.stdout
    assert f"apns-id: {sent}".lower() in result.stdout.lower()
    service.wait_for_delivered(lambda d: [x["request"]["content"]["title"] for x in d] == ["From curl"])
