"""UnifiedPush on the desktop: Herald is the distributor on the session bus, a connector
app written with dbus-python registers with it, and an application server sends to the
endpoint it got with pywebpush (from PyPI, unmodified). The app decrypts its messages
with http_ece; stopped, it is started again by D-Bus activation for the next one.
Run by scripts/desktop-tests."""

import base64
import json
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
import uuid

import dbus
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid
from pywebpush import webpush

from conftest import ROOT, wait

APP = "org.example.HeraldUnifiedPushTest"
DISTRIBUTOR = "org.unifiedpush.Distributor.herald"
CONNECTOR = ROOT / "Tests" / "Desktop" / "unifiedpush_connector.py"


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def events(state, kind):
    path = state / "events.jsonl"
    lines = path.read_text().splitlines() if path.exists() else []
    return [event for event in map(json.loads, lines) if event["event"] == kind]


def send(endpoint, keys, vapid, text):
    """What an application server does: pywebpush encrypts for the app's keys and POSTs."""
    response = webpush({"endpoint": endpoint, "keys": {"p256dh": keys["p256dh"], "auth": keys["auth"]}}, data=text,
                       vapid_private_key=vapid, vapid_claims={"sub": "mailto:server@example.com"}, ttl=3600, timeout=30)
    assert response.status_code == 201, response.text


def message(state, text):
    return wait(f"the app to get {text!r}", lambda: [event for event in events(state, "Message") if event["text"] == text],
                timeout=60)[0]


def test_a_unifiedpush_app_registers_gets_its_messages_and_is_started_for_them(desktop_factory):
    desktop = desktop_factory(activation=True)
    state = desktop.directory / "app"
    state.mkdir()
    desktop.add_service(APP, [sys.executable, str(CONNECTOR), APP, str(state)])
    desktop.serve()
    wait("Herald's distributor", lambda: desktop.session.name_has_owner(DISTRIBUTOR))

    # The app registers with its application server's VAPID key, and gets an endpoint.
    vapid = Vapid()
    vapid.generate_keys()
    server_key = b64(vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))
    token = str(uuid.uuid4())
    app = subprocess.Popen([sys.executable, str(CONNECTOR), APP, str(state), "--register", token, server_key],
                           env=desktop.environment)
    desktop.processes.append(app)
    registered = wait("the registration", lambda: events(state, "registered"))[0]
    assert registered["distributor"] == DISTRIBUTOR
    assert registered["reply"] == {"success": "REGISTRATION_SUCCEEDED"}
    endpoint = wait("NewEndpoint", lambda: events(state, "NewEndpoint"))[0]
    assert endpoint["token"] == token
    assert endpoint["endpoint"].startswith(desktop.url + "/push/")
    keys = json.loads((state / "keys.json").read_text())

    # The server sends; the running app decrypts.
    send(endpoint["endpoint"], keys, vapid, "first message")
    first = message(state, "first message")
    assert first["token"] == token and first["pid"] == app.pid and first["id"]

    # Stopped, the app is started by the bus for the next message.
    app.terminate()
    app.wait()
    wait("the app to leave the bus", lambda: not desktop.session.name_has_owner(APP))
    send(endpoint["endpoint"], keys, vapid, "second message")
    second = message(state, "second message")
    assert second["pid"] != app.pid
    assert [event["activated"] for event in events(state, "start")] == [False, True]
    assert second["token"] == token and second["id"] != first["id"]


def test_a_unifiedpush_registration_is_checked_and_unregistered(desktop_factory):
    desktop = desktop_factory(activation=True)
    state = desktop.directory / "app"
    state.mkdir()
    desktop.add_service(APP, [sys.executable, str(CONNECTOR), APP, str(state)])
    desktop.serve()
    wait("Herald's distributor", lambda: desktop.session.name_has_owner(DISTRIBUTOR))
    distributor = dbus.Interface(desktop.session.get_object(DISTRIBUTOR, "/org/unifiedpush/Distributor"),
                                 "org.unifiedpush.Distributor2")

    def register(**arguments):
        return {str(key): str(value) for key, value in distributor.Register(
            dbus.Dictionary(arguments, signature="sv")).items()}

    token = str(uuid.uuid4())
    # A key that is not a P-256 point: refused, with the specification's reason.
    assert register(service=APP, token=token, vapid="not-a-key") == {
        "success": "REGISTRATION_FAILED", "reason": "VAPID_REQUIRED"}
    # Arguments that break the specification: InvalidArgs, naming the rule.
    try:
        register(service="not a bus name", token=token)
        raise AssertionError("a malformed service was registered")
    except dbus.DBusException as error:
        assert error.get_dbus_name() == "org.freedesktop.DBus.Error.InvalidArgs"
        assert "well-known D-Bus name" in error.get_dbus_message()

    # Registered, the app (started by the bus) is told its endpoint; registering again, as an
    # app does at each start, tells it the same one again (once its first NewEndpoint is
    # answered: a registration repeated meanwhile sends none more).
    assert register(service=APP, token=token) == {"success": "REGISTRATION_SUCCEEDED"}
    wait("NewEndpoint", lambda: events(state, "NewEndpoint"))

    def registered_again():
        assert register(service=APP, token=token) == {"success": "REGISTRATION_SUCCEEDED"}
        return len(events(state, "NewEndpoint")) >= 2 and events(state, "NewEndpoint")

    endpoints = wait("NewEndpoint again", registered_again)
    assert {endpoint["endpoint"] for endpoint in endpoints} == {endpoints[0]["endpoint"]}

    # Unregistered, the endpoint is gone and the app is told.
    assert dict(distributor.Unregister(dbus.Dictionary({"token": token}, signature="sv"))) == {}
    wait("Unregistered", lambda: events(state, "Unregistered"))
    request = urllib.request.Request(endpoints[0]["endpoint"], data=b"x", method="POST",
                                     headers={"TTL": "60", "Content-Encoding": "aes128gcm"})
    try:
        urllib.request.urlopen(request, timeout=10)
        raise AssertionError("an unregistered endpoint took a message")
    except urllib.error.HTTPError as error:
        assert error.code == 404


def test_a_message_for_an_app_that_cannot_be_started_waits_until_it_can(desktop_factory):
    desktop = desktop_factory(activation=True)
    state = desktop.directory / "app"
    state.mkdir()
    app_command = [sys.executable, str(CONNECTOR), APP, str(state)]
    desktop.add_service(APP, app_command)
    desktop.serve()
    wait("Herald's distributor", lambda: desktop.session.name_has_owner(DISTRIBUTOR))
    vapid = Vapid()
    vapid.generate_keys()
    server_key = b64(vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))
    app = subprocess.Popen([*app_command, "--register", str(uuid.uuid4()), server_key], env=desktop.environment)
    desktop.processes.append(app)
    endpoint = wait("NewEndpoint", lambda: events(state, "NewEndpoint"))[0]["endpoint"]
    keys = json.loads((state / "keys.json").read_text())
    app.terminate()
    app.wait()
    wait("the app to leave the bus", lambda: not desktop.session.name_has_owner(APP))

    # The app is broken (its program fails at once): the message is kept, not lost.
    bus_log = desktop.directory / "session-bus.log"
    reloads = bus_log.read_text().count("Reloaded configuration")
    desktop.add_service(APP, ["/bin/false"])
    wait("the bus to read the broken service", lambda: bus_log.read_text().count("Reloaded configuration") > reloads)
    send(endpoint, keys, vapid, "kept for later")
    wait("Herald's attempt to start the app", lambda: f"Activated service '{APP}' failed" in bus_log.read_text())
    assert events(state, "Message") == []

    # Mended, the app gets it at Herald's next attempt (1 s later on the daemon's clock).
    reloads = bus_log.read_text().count("Reloaded configuration")
    desktop.add_service(APP, app_command)
    wait("the bus to read the mended service", lambda: bus_log.read_text().count("Reloaded configuration") > reloads)
    desktop.advance(2)
    assert message(state, "kept for later")["pid"] != app.pid


def test_a_message_kept_for_an_app_survives_the_daemon_killed(desktop_factory):
    desktop = desktop_factory(activation=True)
    state = desktop.directory / "app"
    state.mkdir()
    app_command = [sys.executable, str(CONNECTOR), APP, str(state)]
    desktop.add_service(APP, ["/bin/false"])
    desktop.serve()
    wait("Herald's distributor", lambda: desktop.session.name_has_owner(DISTRIBUTOR))
    vapid = Vapid()
    vapid.generate_keys()
    server_key = b64(vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))
    app = subprocess.Popen([*app_command, "--register", str(uuid.uuid4()), server_key], env=desktop.environment)
    desktop.processes.append(app)
    endpoint = wait("NewEndpoint", lambda: events(state, "NewEndpoint"))[0]["endpoint"]
    keys = json.loads((state / "keys.json").read_text())
    app.terminate()
    app.wait()
    wait("the app to leave the bus", lambda: not desktop.session.name_has_owner(APP))

    # The app cannot be started: the message waits, and the daemon is killed meanwhile.
    bus_log = desktop.directory / "session-bus.log"
    send(endpoint, keys, vapid, "kept through a crash")
    wait("Herald's attempt to start the app", lambda: f"Activated service '{APP}' failed" in bus_log.read_text())
    desktop.daemon.kill()
    wait("the distributor's name to be free", lambda: not desktop.session.name_has_owner(DISTRIBUTOR))

    # Mended, the app gets the message from the next daemon as it starts.
    reloads = bus_log.read_text().count("Reloaded configuration")
    desktop.add_service(APP, app_command)
    wait("the bus to read the mended service", lambda: bus_log.read_text().count("Reloaded configuration") > reloads)
    desktop.serve()
    assert message(state, "kept through a crash")["pid"] != app.pid


def test_a_registration_removed_in_the_center_tells_the_app(desktop_factory):
    desktop = desktop_factory(activation=True)
    state = desktop.directory / "app"
    state.mkdir()
    desktop.add_service(APP, [sys.executable, str(CONNECTOR), APP, str(state)])
    desktop.serve()
    wait("Herald's distributor", lambda: desktop.session.name_has_owner(DISTRIBUTOR))
    distributor = dbus.Interface(desktop.session.get_object(DISTRIBUTOR, "/org/unifiedpush/Distributor"),
                                 "org.unifiedpush.Distributor2")
    token = str(uuid.uuid4())
    reply = distributor.Register(dbus.Dictionary({"service": APP, "token": token}, signature="sv"))
    assert str(reply["success"]) == "REGISTRATION_SUCCEEDED"
    endpoint = wait("NewEndpoint", lambda: events(state, "NewEndpoint"))[0]["endpoint"]

    # The center lists the app with its registration; the person removes it.
    receivers = desktop.request("GET", "/v1/push/receivers")["receivers"]
    [app] = [receiver for receiver in receivers if receiver["name"] == APP]
    assert app["kind"] == "unifiedPush" and app["connected"] is True
    assert [subscription["channel"] for subscription in app["subscriptions"]] == [token]
    path = "/v1/push/receivers/{}/subscriptions/{}".format(
        urllib.parse.quote(app["receiver"], safe=""), urllib.parse.quote(token, safe=""))
    desktop.request("DELETE", path)
    assert wait("Unregistered", lambda: events(state, "Unregistered"))[0]["token"] == token
    request = urllib.request.Request(endpoint, data=b"x", method="POST",
                                     headers={"TTL": "60", "Content-Encoding": "aes128gcm"})
    try:
        urllib.request.urlopen(request, timeout=10)
        raise AssertionError("a removed registration's endpoint took a message")
    except urllib.error.HTTPError as error:
        assert error.code == 404
