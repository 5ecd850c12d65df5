"""Three `herald serve` nodes on one PostgreSQL database, each killed with SIGKILL
at random moments and restarted while requests are added through all of them and
fire: every acknowledged request is delivered exactly once, shown once, and
posted to its app's webhook.

Needs PostgreSQL: HERALD_TEST_POSTGRES_URL (scripts/test starts a throwaway
cluster and sets it). Without it the test is skipped, except in CI (`CI` set),
where it fails. Run by scripts/test (pytest). Needs the built `.build/debug/herald`.
"""

import collections
import os
import pathlib
import random
import sys
import tempfile
import threading
import time
import urllib.error
import uuid

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
sys.path.insert(0, str(ROOT / "Tests" / "System"))
from herald_daemon import HeraldDaemon  # noqa: E402  (after the path it lives on)
from herald_webhooks import WebhookReceiver  # noqa: E402
from test_crash_restart import call  # noqa: E402

POSTGRES = os.environ.get("HERALD_TEST_POSTGRES_URL", "")
APPS = [f"com.example.node{n}" for n in range(4)]
REQUESTS = 1_500
SPREAD = 15.0


def start(data_dir, database):
    return HeraldDaemon(data_dir, "--policy", "grant-all", "--no-bundled-apps", "--desktop", "off",
                        "--pending-limit", str(REQUESTS), "--delivered-limit", str(REQUESTS), database=database)


def eventually(condition, what, limit=30):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    # A look after the deadline too: a sleep that woke late still sees what happened.
    if condition():
        return
    raise AssertionError(f"not within {limit} s: {what}")


def opens(node, app, token):
    try:
        return call(node.url, "GET", f"/v1/apps/{app}/requests", token)[0] == 200
    except (OSError, urllib.error.URLError):
        return False


def admits(node, token):
    try:
        return call(node.url, "GET", "/v1/apps", token)[0] == 200
    except (OSError, urllib.error.URLError):
        return False


class Cluster:
    """Three nodes; `kill_and_restart` replaces one at random, the others serve meanwhile."""

    def __init__(self, database):
        self.database = database
        self.directories = [tempfile.mkdtemp(prefix=f"herald-node{n}-") for n in range(3)]
        self.nodes = [start(directory, database) for directory in self.directories]
        self.lock = threading.Lock()
        self.kills = 0

    def any_url(self):
        with self.lock:
            return random.choice(self.nodes).url

    def kill_and_restart(self):
        with self.lock:
            index = random.randrange(3)
            self.nodes[index].kill()
            self.kills += 1
        node = start(self.directories[index], self.database)
        with self.lock:
            self.nodes[index] = node

    def stop(self):
        return [node.stop(timeout=30) for node in self.nodes]


@pytest.mark.skipif(not POSTGRES and not os.environ.get("CI"), reason="HERALD_TEST_POSTGRES_URL is not set")
def test_three_nodes_killed_at_random_deliver_everything_once():
    assert POSTGRES, "HERALD_TEST_POSTGRES_URL is not set, and CI requires it"
    database = POSTGRES + ("&" if "?" in POSTGRES else "?") + "schema=nodes_" + uuid.uuid4().hex
    receiver = WebhookReceiver()
    cluster = Cluster(database)
    try:
        first = cluster.nodes[0]
        # Each node keeps an admin token of its own; every node accepts every node's.
        for node in cluster.nodes:
            for other in cluster.nodes:
                eventually(lambda: admits(node, other.admin_token), "every node's admin token opens every node")
        tokens = {}
        for app in APPS:
            _, credentials = call(first.url, "POST", "/v1/apps", first.admin_token,
                                  {"identifier": app, "name": app, "webhookURL": receiver.url})
            tokens[app] = credentials["token"]
            call(first.url, "POST", f"/v1/apps/{app}/authorization", tokens[app], {"options": ["alert"]})
        for node in cluster.nodes:
            for app in APPS:
                eventually(lambda: opens(node, app, tokens[app]), f"{app}'s token opens every node")

        # Batches of 50, each through a node chosen at random, due over SPREAD seconds from now.
        acknowledged, uncertain = [], []
        started = time.monotonic()
        stop_killing = threading.Event()

        def killer():
            while not stop_killing.wait(random.uniform(0.3, 1.0)):
                cluster.kill_and_restart()

        killing = threading.Thread(target=killer)
        killing.start()
        try:
            for batch_start in range(0, REQUESTS, 50):
                app = APPS[(batch_start // 50) % len(APPS)]
                batch = []
                for n in range(batch_start, batch_start + 50):
                    due = 2.0 + SPREAD * n / REQUESTS - (time.monotonic() - started)
                    trigger = {"type": "timeInterval", "interval": max(due, 0.05), "repeats": False}
                    batch.append({"identifier": f"r{n}", "content": {"title": f"r{n}"}, "trigger": trigger})
                try:
                    status, _ = call(cluster.any_url(), "POST", f"/v1/apps/{app}/requests", tokens[app],
                                     {"requests": batch})
                    (acknowledged if status == 201 else uncertain).extend((app, r["identifier"]) for r in batch)
                except urllib.error.HTTPError as error:
                    if error.code != 503:
                        raise
                    # The node is stopping (a kill's restart raced it): nothing was written.
                    uncertain.extend((app, r["identifier"]) for r in batch)
                except (OSError, urllib.error.URLError):
                    # The node died under the call: the batch may or may not have been committed.
                    uncertain.extend((app, r["identifier"]) for r in batch)
            time.sleep(max(0.0, started + 2.0 + SPREAD - time.monotonic()))
        finally:
            stop_killing.set()
            killing.join()
        assert cluster.kills >= 3, f"only {cluster.kills} kills"
        assert len(acknowledged) >= REQUESTS // 2, f"only {len(acknowledged)} requests acknowledged"
        url = cluster.nodes[1].url
        delivered = {}

        def everything_delivered():
            delivered.clear()
            for app in APPS:
                _, pending = call(url, "GET", f"/v1/apps/{app}/requests", tokens[app])
                if pending["requests"]:
                    return False
                _, answer = call(url, "GET", f"/v1/apps/{app}/delivered", tokens[app])
                delivered[app] = answer["deliveries"]
            return True

        eventually(everything_delivered, "every request fired", limit=60)
        delivery_ids = set()
        for app in APPS:
            identifiers = [delivery["request"]["identifier"] for delivery in delivered[app]]
            repeated = [i for i, count in collections.Counter(identifiers).items() if count > 1]
            assert not repeated, f"{app} shows {len(repeated)} requests twice: {repeated[:10]}"
            delivery_ids.update(delivery["id"] for delivery in delivered[app])
            missing = [i for a, i in acknowledged if a == app and i not in identifiers]
            assert not missing, f"{app}: {len(missing)} acknowledged requests never delivered: {missing[:10]}"
            unknown = set(identifiers) - {i for a, i in acknowledged + uncertain if a == app}
            assert not unknown, f"{app} delivered requests nobody added: {sorted(unknown)[:10]}"

        eventually(lambda: delivery_ids <= {post["delivery"] for post in receiver.delivered()},
                   "every delivery posted to its webhook", limit=60)
        posts = collections.Counter(post["delivery"] for post in receiver.delivered())
        assert set(posts) == delivery_ids, "a webhook post names a delivery that is not in the database"
        again = sum(count - 1 for count in posts.values())
        print(f"{cluster.kills} kills; {len(acknowledged)} acknowledged and {len(uncertain)} uncertain requests; "
              f"{len(delivery_ids)} delivered; {again} webhook posts sent again after a kill "
              f"(same X-Herald-Delivery, for the receiver to dedupe)")
        # A post is sent again only when its node died between sending it and recording it sent.
        assert again <= cluster.kills * 10, f"{again} posts sent again for {cluster.kills} kills"
    finally:
        assert cluster.stop() == [0, 0, 0], "a node did not stop cleanly on SIGTERM"
        receiver.server.shutdown()
