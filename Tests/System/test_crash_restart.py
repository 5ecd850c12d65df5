"""The daemon killed with SIGKILL while apps add and fire notifications, then
restarted on the same data directory: nothing acknowledged is lost, nothing
is delivered twice, and every delivery reaches the apps' webhook.

Run by scripts/test (pytest). Needs the built `.build/debug/herald`.
"""

import concurrent.futures
import json
import os
import pathlib
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HeraldDaemon  # noqa: E402  (after the path it lives on)
from herald_webhooks import WebhookReceiver  # noqa: E402
APPS = [f"com.example.crash{n}" for n in range(8)]


def call(url, method, path, token, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, method=method)
    request.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        text = response.read()
        return response.status, json.loads(text) if text else None


def start(data_dir):
    """The daemon on `data_dir`, on a virtual clock that the test moves."""
    return HeraldDaemon(data_dir, "--virtual-clock", "--policy", "grant-all", "--no-bundled-apps", "--desktop", "off")


class Progress:
    """How many adds the daemon has acknowledged so far, across the workers."""

    def __init__(self):
        self.count = 0
        self.lock = threading.Lock()

    def add(self):
        with self.lock:
            self.count += 1

    def wait_for(self, count, limit):
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            with self.lock:
                if self.count >= count:
                    return
            time.sleep(0.01)


def add_many(url, tokens, worker, count, progress=None):
    """Adds `count` requests, half firing at once and half in an hour; returns
    the identifiers the daemon acknowledged before it died."""
    acknowledged = []
    for n in range(count):
        app = APPS[(worker + n) % len(APPS)]
        identifier = f"w{worker}-{n}"
        trigger = None if n % 2 == 0 else {"type": "timeInterval", "interval": 3600, "repeats": False}
        body = {"identifier": identifier, "content": {"title": identifier}, "trigger": trigger}
        try:
            status, _ = call(url, "POST", f"/v1/apps/{app}/requests", tokens[app], body)
        except (OSError, urllib.error.URLError):
            return acknowledged
        if status == 201:
            acknowledged.append((app, identifier))
            if progress:
                progress.add()
    return acknowledged


def test_sigkill_under_load_loses_nothing_and_repeats_nothing():
    data_dir = tempfile.mkdtemp(prefix="herald-crash-")
    receiver = WebhookReceiver()
    daemon = start(data_dir)
    url, admin = daemon.url, daemon.admin_token
    tokens = {}
    for app in APPS:
        _, credentials = call(url, "POST", "/v1/apps", admin,
                              {"identifier": app, "name": app, "webhookURL": receiver.url})
        tokens[app] = credentials["token"]
        call(url, "POST", f"/v1/apps/{app}/authorization", tokens[app], {"options": ["alert"]})

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        progress = Progress()
        futures = [pool.submit(add_many, url, tokens, worker, 60, progress) for worker in range(8)]
        # Killed mid-load: once 40 of the 480 adds were acknowledged (a fixed 0.4 s was sometimes
        # too short on PostgreSQL under CI's load), however long that takes.
        progress.wait_for(40, limit=30)
        daemon.kill()
        acknowledged = [pair for future in futures for pair in future.result()]
    assert len(acknowledged) > 20, "the load did not get going before the kill"

    daemon = start(data_dir)
    url, admin = daemon.url, daemon.admin_token
    try:
        call(url, "POST", "/v1/debug/clock", admin, {"advanceSeconds": 3601})
        seen = {}
        delivery_ids = set()
        for app in APPS:
            _, pending = call(url, "GET", f"/v1/apps/{app}/requests", tokens[app])
            _, delivered = call(url, "GET", f"/v1/apps/{app}/delivered", tokens[app])
            assert pending["requests"] == [], f"{app} still has pending requests after every trigger passed"
            identifiers = [delivery["request"]["identifier"] for delivery in delivered["deliveries"]]
            assert len(identifiers) == len(set(identifiers)), f"{app} shows a notification twice"
            ids = [delivery["id"] for delivery in delivered["deliveries"]]
            assert len(ids) == len(set(ids))
            delivery_ids.update(ids)
            seen[app] = set(identifiers)
        lost = [(app, identifier) for app, identifier in acknowledged if identifier not in seen[app]]
        assert lost == [], f"acknowledged but lost after the crash: {lost[:10]}"
        deadline = time.monotonic() + 30
        while not delivery_ids <= {post["delivery"] for post in receiver.delivered()} and time.monotonic() < deadline:
            time.sleep(0.05)
        missing = delivery_ids - {post["delivery"] for post in receiver.delivered()}
        assert not missing, f"{len(missing)} of {len(delivery_ids)} deliveries never reached the webhook"
    finally:
        assert daemon.stop(timeout=30) == 0, "herald serve did not stop cleanly on SIGTERM"
        assert not os.path.exists(os.path.join(data_dir, "daemon.json"))
        receiver.server.shutdown()
