"""An iOS chat app's code, run as a process of its own against `herald serve --push-port`:
`push-chat` (Sources/PushChat) is an iOS app's delegate and its service extension, Swift 5,
unchanged but for the imports. The server side is aioapns from PyPI, unmodified but for
its host and the certificate it trusts.

The app asks for authorization, registers and prints its device token; an alert push with
`mutable-content` is shown with the title the app's extension changed; a background push
reaches the delegate's didReceiveRemoteNotification, which completes; the user's reply
to the shown notification reaches the delegate's didReceive.

Run by scripts/test (pytest). Needs the built `.build/debug/herald` and `push-chat`.
"""

import asyncio
import json
import os
import pathlib
import queue
import re
import ssl
import subprocess
import sys
import threading
import time

from aioapns import APNs, NotificationRequest, PushType
from aioapns import connection as aioapns_connection

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HERALD, HeraldDaemon  # noqa: E402  (after the path it lives on)
from herald_push import call, make_p8  # noqa: E402

PUSH_CHAT = HERALD.parent / "push-chat"
APP = "com.example.chat"
TEAM = "TEAM123456"
KEY_ID = "CHATKEY001"


class AppProcess:
    """`push-chat` with the app's token, its output read line by line as it prints it."""

    def __init__(self, daemon, token):
        environment = {key: value for key, value in os.environ.items() if not key.startswith("HERALD_")}
        environment.update(HERALD_URL=daemon.url, HERALD_TOKEN=token)
        self.process = subprocess.Popen(
            [str(PUSH_CHAT)], env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, pattern, seconds=120):
        """The first line printed that matches `pattern` (a regular expression)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                assert self.process.poll() is None, f"push-chat ended: {self.seen}"
                continue
            self.seen.append(line)
            match = re.search(pattern, line)
            if match:
                return match
        raise AssertionError(f"push-chat printed no line like {pattern!r} in {seconds} s: {self.seen}")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def herald(daemon_dir, *arguments):
    result = subprocess.run([str(HERALD), *arguments, "--data-dir", str(daemon_dir)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def delivered(daemon, token):
    return call(daemon, "GET", f"/v1/apps/{APP}/delivered", token)["deliveries"]


def wait_for_delivery(daemon, token, predicate, seconds=120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = [d for d in delivered(daemon, token) if predicate(d)]
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError(f"no such delivery within {seconds} s: {delivered(daemon, token)}")


async def make_client(key, trusted):
    return APNs(key=key, key_id=KEY_ID, team_id=TEAM, topic=APP, use_sandbox=False, ssl_context=trusted)


def test_an_ios_chat_app_registers_and_receives_what_aioapns_sends(tmp_path, monkeypatch):
    data = tmp_path / "data"
    daemon = HeraldDaemon(data, "--policy", "grant-all", "--no-bundled-apps", "--desktop", "off", "--push-port", "0")
    app = None
    try:
        token = call(daemon, "POST", "/v1/apps", daemon.admin_token, {"identifier": APP, "name": "Chat"})["token"]
        key = make_p8(tmp_path, KEY_ID)
        herald(data, "push", "keys", "add", "--team", TEAM, "--key-id", KEY_ID, "--file", str(key), "--topic", APP)

        app = AppProcess(daemon, token)
        assert app.wait_for(r"^Permission granted: (\w+)").group(1) == "true"
        device_token = app.wait_for(r"^Device Token: ([0-9a-f]{64})$").group(1)
        devices = herald(data, "push", "devices")
        assert device_token in devices and APP in devices

        push_url = json.loads((data / "daemon.json").read_text())["pushURL"]
        host, port = push_url.split("//")[1].rsplit(":", 1)
        monkeypatch.setattr(aioapns_connection.APNsProductionClientProtocol, "APNS_SERVER", host)
        monkeypatch.setattr(aioapns_connection.APNsProductionClientProtocol, "APNS_PORT", int(port))
        trusted = ssl.create_default_context(cafile=str(data / "push-cert.pem"))

        # One provider, one client: a new provider token more often than every 20 minutes is refused.
        loop = asyncio.new_event_loop()
        client = loop.run_until_complete(make_client(key.read_text(), trusted))

        def send(message, push_type, collapse_key=None, priority=None):
            answer = loop.run_until_complete(client.send_notification(NotificationRequest(
                device_token=device_token, message=message, push_type=push_type, collapse_key=collapse_key,
                priority=priority)))
            assert answer.is_successful, (answer.status, answer.description)

        send({"aps": {"alert": {"title": "Lunch?", "body": "At noon"}, "mutable-content": 1,
                                  "category": "message", "sound": "default"},
                          "sender": "Ana", "message-id": 41}, PushType.ALERT, collapse_key="chat-41")
        shown = wait_for_delivery(daemon, token, lambda d: d["request"]["identifier"] == "chat-41")
        content = shown["request"]["content"]
        assert content["title"] == "Ana: Lunch?", content
        assert content["body"] == "At noon" and content["categoryIdentifier"] == "message"
        assert content["userInfo"]["sender"] == "Ana"
        assert shown["request"]["trigger"]["type"] == "push"

        send({"aps": {"content-available": 1}, "message-id": 42}, PushType.BACKGROUND, priority=5)
        app.wait_for(r"^Fetched message 42$")
        assert [d["id"] for d in delivered(daemon, token)] == [shown["id"]], "the background push showed nothing"

        herald(data, "respond", shown["id"], "reply", "--text", "See you there")
        app.wait_for(r"^Reply to chat-41: See you there$")
        loop.close()
    finally:
        if app:
            app.stop()
        daemon.stop()
