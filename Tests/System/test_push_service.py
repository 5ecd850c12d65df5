"""Herald as a push service (RFC 8030) for browsers: a client on the push socket speaks
Firefox's push protocol (Tests/harness/herald_push_socket.py), and pywebpush, from PyPI,
unmodified, sends to the endpoints it gets, encrypted for the subscription (RFC 8291) and
signed with VAPID (RFC 8292). The client decrypts what arrives with http-ece.

Messages wait for a browser away, survive the daemon being killed, are sent again until
acknowledged, replace each other by Topic, give receipts, and every bad POST is refused
with RFC 8030's status and nothing kept.

Run by scripts/test (pytest). Needs the built `.build/debug/herald`.
"""

import json
import pathlib
import sys
import urllib.error
import urllib.request

import pytest
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HeraldDaemon  # noqa: E402
from herald_push_socket import PushClient, decrypt  # noqa: E402
from herald_webpush import Browser, b64url  # noqa: E402

CLAIMS = {"sub": "mailto:ops@example.com"}


@pytest.fixture
def daemon(tmp_path):
    daemon = HeraldDaemon(tmp_path / "data", "--no-bundled-apps", "--desktop", "off")
    yield daemon
    daemon.stop()


@pytest.fixture
def vapid():
    key = Vapid02()
    key.generate_keys()
    public = key.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return key, b64url(public)


def send(browser, data, vapid_key, ttl=600, headers=None):
    """pywebpush's webpush(), as an application server calls it; returns the response."""
    return webpush(
        browser.subscription, data=data, vapid_private_key=vapid_key, vapid_claims=dict(CLAIMS), ttl=ttl,
        headers=headers or {}, timeout=30)


def subscribe(client, vapid):
    channel, endpoint = client.register(key=vapid[1])
    return channel, Browser(endpoint)


def post(url, body=b"", headers=None):
    request = urllib.request.Request(url, data=body, headers=headers or {}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_a_message_reaches_the_browser_encrypted_end_to_end(daemon, vapid):
    client = PushClient(daemon.url)
    channel, browser = subscribe(client, vapid)
    assert browser.subscription["endpoint"].startswith(daemon.url + "/push/")
    response = send(browser, "Dinner at eight", vapid[0])
    assert response.status_code == 201, response.text
    assert response.headers["TTL"] == "600"
    message = client.notification()
    assert message["channelID"] == channel
    assert message["headers"] == {"encoding": "aes128gcm"}
    assert decrypt(browser, message) == b"Dinner at eight"
    client.ack(message)
    client.close()


def test_messages_wait_for_a_browser_away_and_survive_the_daemon_killed(tmp_path, vapid):
    daemon = HeraldDaemon(tmp_path / "data", "--no-bundled-apps", "--desktop", "off")
    client = PushClient(daemon.url)
    uaid = client.uaid
    _, browser = subscribe(client, vapid)
    client.close()
    for text in ("one", "two", "three"):
        assert send(browser, text, vapid[0]).status_code == 201
    daemon.kill()
    daemon = HeraldDaemon(tmp_path / "data", "--no-bundled-apps", "--desktop", "off")
    try:
        browser.subscription["endpoint"] = daemon.url + "/push/" + browser.subscription["endpoint"].rsplit("/", 1)[1]
        client = PushClient(daemon.url, uaid=uaid)
        assert client.uaid == uaid
        got = [client.notification() for _ in range(3)]
        assert [decrypt(browser, message) for message in got] == [b"one", b"two", b"three"]
        # Not acknowledged: the next connection gets them again, in order.
        client.close()
        client = PushClient(daemon.url, uaid=uaid)
        again = [client.notification() for _ in range(3)]
        assert [message["version"] for message in again] == [message["version"] for message in got]
        for message in again:
            client.ack(message)
        assert send(browser, "four", vapid[0]).status_code == 201
        assert decrypt(browser, client.notification()) == b"four"
        client.close()
    finally:
        daemon.stop()


def test_a_newer_message_with_a_topic_replaces_the_one_waiting(daemon, vapid):
    client = PushClient(daemon.url)
    uaid = client.uaid
    _, browser = subscribe(client, vapid)
    client.close()
    send(browser, "3 unread", vapid[0], headers={"Topic": "unread"})
    send(browser, "other", vapid[0])
    send(browser, "4 unread", vapid[0], headers={"Topic": "unread"})
    client = PushClient(daemon.url, uaid=uaid)
    got = [decrypt(browser, client.notification()) for _ in range(2)]
    assert got == [b"other", b"4 unread"]
    client.close()


def test_a_receipt_says_when_the_browser_has_the_message(daemon, vapid):
    client = PushClient(daemon.url)
    _, browser = subscribe(client, vapid)
    response = send(browser, "with receipt", vapid[0], headers={"Prefer": "respond-async"})
    assert response.status_code == 202
    receipt = response.headers["Location"]
    assert receipt.startswith(daemon.url + "/push/messages/")
    message = client.notification()
    with urllib.request.urlopen(receipt, timeout=30) as answer:
        assert json.load(answer) == {"state": "pending"}
    client.ack(message)
    client.send({})  # a ping: its answer comes after the ack was handled
    assert client.receive() == {}
    with urllib.request.urlopen(receipt, timeout=30) as answer:
        assert json.load(answer)["state"] == "delivered"
    client.close()


def test_ttl_zero_is_now_or_never(daemon, vapid):
    client = PushClient(daemon.url)
    uaid = client.uaid
    _, browser = subscribe(client, vapid)
    client.close()
    assert send(browser, "too late", vapid[0], ttl=0).status_code == 201
    assert send(browser, "kept", vapid[0], ttl=60).status_code == 201
    client = PushClient(daemon.url, uaid=uaid)
    assert decrypt(browser, client.notification()) == b"kept"
    assert send(browser, "now", vapid[0], ttl=0).status_code == 201
    assert decrypt(browser, client.notification()) == b"now"
    client.close()


def test_bad_posts_are_refused_and_keep_nothing(daemon, vapid):
    client = PushClient(daemon.url)
    uaid = client.uaid
    _, browser = subscribe(client, vapid)
    endpoint = browser.subscription["endpoint"]
    other = Vapid02()
    other.generate_keys()
    with pytest.raises(WebPushException) as refused:
        send(browser, "forged", other)
    assert refused.value.response.status_code == 403
    status, _, body = post(endpoint, b"x" * 10, {"TTL": "60", "Content-Encoding": "aes128gcm"})
    assert status == 401, body
    with pytest.raises(WebPushException) as refused:
        send(browser, "x" * 4_000, vapid[0])
    assert refused.value.response.status_code == 413
    status, _, _ = post(endpoint[:-4] + "AAAA", b"", {"TTL": "60"})
    assert status == 404
    status, _, _ = post(daemon.url + "/push/short", b"", {"TTL": "60"})
    assert status == 404
    # A subscription without a key takes messages without VAPID, but needs a TTL and an
    # encoding it can deliver.
    _, open_endpoint = client.register()
    status, _, body = post(open_endpoint, b"abc", {"Content-Encoding": "aes128gcm"})
    assert status == 400 and b"TTL" in body
    status, _, _ = post(open_endpoint, b"abc", {"TTL": "60", "Content-Encoding": "gzip"})
    assert status == 415
    status, _, _ = post(open_endpoint, b"", {"TTL": "60", "Urgency": "whenever"})
    assert status == 400
    status, _, _ = post(open_endpoint, b"", {"TTL": "60", "Topic": "not a topic!"})
    assert status == 400
    client.close()
    # Nothing of the refused was kept: the one good message is all the browser gets.
    assert send(browser, "good", vapid[0]).status_code == 201
    client = PushClient(daemon.url, uaid=uaid)
    assert decrypt(browser, client.notification()) == b"good"
    with pytest.raises(TimeoutError):
        client.receive(timeout=1)
    client.close()


def test_unsubscribing_ends_the_resource_and_an_unknown_browser_starts_anew(daemon, vapid):
    client = PushClient(daemon.url)
    channel, browser = subscribe(client, vapid)
    client.send({"messageType": "unregister", "channelID": channel})
    assert client.receive() == {"messageType": "unregister", "channelID": channel, "status": 200}
    with pytest.raises(WebPushException) as gone:
        send(browser, "late", vapid[0])
    assert gone.value.response.status_code == 404
    client.close()
    stranger = PushClient(daemon.url, uaid="0" * 32)
    assert stranger.uaid != "0" * 32
    stranger.close()


def test_a_web_page_cannot_open_the_push_socket(daemon):
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    for headers in ({"Origin": "https://evil.example"}, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"}):
        with pytest.raises(InvalidStatus) as refused:
            with connect(daemon.url.replace("http://", "ws://") + "/push-socket", additional_headers=headers,
                         open_timeout=30):
                pass
        assert refused.value.response.status_code == 403
    # Firefox's push client sends its server's own URL as Origin.
    with connect(daemon.url.replace("http://", "ws://") + "/push-socket",
                 additional_headers={"Origin": daemon.url.replace("http://", "ws://") + "/", "Sec-Fetch-Site": "none"},
                 open_timeout=30) as socket:
        socket.send(json.dumps({"messageType": "hello", "use_webpush": True}))
        assert json.loads(socket.recv(timeout=30))["status"] == 200


def test_a_newer_connection_of_a_browser_takes_over_and_the_older_is_closed(daemon, vapid):
    from websockets.exceptions import ConnectionClosed

    older = PushClient(daemon.url)
    _, browser = subscribe(older, vapid)
    newer = PushClient(daemon.url, uaid=older.uaid)
    with pytest.raises(ConnectionClosed):
        older.receive(timeout=30)
    assert send(browser, "to the newer", vapid[0]).status_code == 201
    assert decrypt(browser, newer.notification()) == b"to the newer"
    newer.close()
