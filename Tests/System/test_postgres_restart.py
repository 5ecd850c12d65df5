"""PostgreSQL restarted under load: two `herald serve` nodes on a cluster of this
test's own, requests added through both without pause while the server is stopped
for two seconds and started again. An add made while it is down gets a clear 503
`serviceUnavailable` and leaves nothing behind; the nodes reconnect by themselves;
every acknowledged request is delivered once.

Needs Debian's PostgreSQL (scripts/postgres installs it). Skipped without
HERALD_TEST_POSTGRES_URL, except in CI (`CI` set). Run by scripts/test (pytest).
"""

import collections
import json
import os
import pathlib
import socket
import subprocess
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
from test_crash_restart import call  # noqa: E402

POSTGRES = ROOT / "scripts" / "postgres"
APP = "com.example.restart"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.skipif(not os.environ.get("HERALD_TEST_POSTGRES_URL") and not os.environ.get("CI"),
                    reason="HERALD_TEST_POSTGRES_URL is not set")
def test_adds_during_a_restart_get_503_and_nodes_reconnect():
    # Not inside a directory of ours: as root, the cluster belongs to the postgres user.
    cluster = pathlib.Path(tempfile.gettempdir()) / f"herald-restart-{uuid.uuid4().hex}"
    url = subprocess.run([str(POSTGRES), "start", str(cluster), str(free_port())],
                         check=True, capture_output=True, text=True).stdout.strip()
    nodes = []
    try:
        nodes = [HeraldDaemon(tempfile.mkdtemp(prefix=f"herald-restart-node{n}-"), "--policy", "grant-all",
                              "--no-bundled-apps", "--desktop", "off", "--pending-limit", "10000",
                              "--delivered-limit", "10000", database=url)
                 for n in range(2)]
        admin = nodes[0].admin_token
        _, credentials = call(nodes[0].url, "POST", "/v1/apps", admin, {"identifier": APP, "name": "Restart"})
        token = credentials["token"]
        call(nodes[0].url, "POST", f"/v1/apps/{APP}/authorization", token, {"options": ["alert"]})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if call(nodes[1].url, "GET", f"/v1/apps/{APP}/requests", token)[0] == 200:
                    break
            except urllib.error.HTTPError:
                time.sleep(0.05)

        outcomes = collections.defaultdict(list)   # status → [(node, identifier, time)]
        restarted = {}
        stop = threading.Event()

        def add():
            n = 0
            while not stop.is_set():
                node = n % 2
                identifier = f"r{n}"
                body = {"identifier": identifier, "content": {"title": identifier},
                        "trigger": {"type": "timeInterval", "interval": 1.5, "repeats": False}}
                try:
                    status, _ = call(nodes[node].url, "POST", f"/v1/apps/{APP}/requests", token, body)
                except urllib.error.HTTPError as error:
                    status = error.code
                    if status == 503 and json.loads(error.read())["error"]["code"] != "serviceUnavailable":
                        status = "503 without serviceUnavailable"
                except OSError:
                    status = "lost"
                outcomes[status].append((node, identifier, time.monotonic()))
                n += 1
                time.sleep(0.01)

        adding = threading.Thread(target=add)
        adding.start()
        try:
            time.sleep(2)
            restarted["down"] = time.monotonic()
            subprocess.run([str(POSTGRES), "restart", str(cluster), "2"], check=True)
            restarted["up"] = time.monotonic()
            time.sleep(4)
        finally:
            stop.set()
            adding.join()

        assert set(outcomes) <= {201, 503}, f"answers other than 201 and 503: { {k: len(v) for k, v in outcomes.items()} }"
        assert outcomes[503], "no add was made while the server was down"
        for node in (0, 1):
            after = [t for n, _, t in outcomes[201] if n == node and t > restarted["up"]]
            assert after, f"node {node} did not take adds again after the server came back"
        acknowledged = {identifier for _, identifier, _ in outcomes[201]}
        refused = {identifier for _, identifier, _ in outcomes[503]}

        delivered = []

        def all_fired():
            _, pending = call(nodes[0].url, "GET", f"/v1/apps/{APP}/requests", token)
            if pending["requests"]:
                return False
            _, answer = call(nodes[0].url, "GET", f"/v1/apps/{APP}/delivered", token)
            delivered[:] = [d["request"]["identifier"] for d in answer["deliveries"]]
            return True

        deadline = time.monotonic() + 30
        while not all_fired():
            assert time.monotonic() < deadline, "requests still pending 30 s after the restart"
            time.sleep(0.1)
        counts = collections.Counter(delivered)
        assert [i for i, c in counts.items() if c > 1] == [], "a request delivered twice"
        assert acknowledged <= set(counts), f"acknowledged but never delivered: {sorted(acknowledged - set(counts))[:10]}"
        assert not refused & set(counts), f"refused with 503 but delivered: {sorted(refused & set(counts))[:10]}"
        print(f"{len(acknowledged)} adds acknowledged, {len(refused)} refused with 503 while the server was down "
              f"({restarted['up'] - restarted['down']:.1f} s), all acknowledged delivered once")
        assert all(node.running for node in nodes), "a node exited"
    finally:
        for node in nodes:
            node.stop(timeout=30)
        subprocess.run([str(POSTGRES), "stop", str(cluster)], check=False)
        subprocess.run(["rm", "-rf", str(cluster)], check=False)
