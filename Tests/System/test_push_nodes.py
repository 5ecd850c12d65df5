"""The push service on two `herald serve` nodes sharing one PostgreSQL database, and a device
(a third daemon) linked to one of them: an invite made on one node enrolls at the other, and
a push accepted by either node reaches the device, once, through the node holding its link.

Needs PostgreSQL: HERALD_TEST_POSTGRES_URL (scripts/test starts a throwaway cluster and
sets it). Without it the test is skipped, except in CI (`CI` set), where it fails. Run by
scripts/test (pytest). Needs the built `.build/debug/herald`.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HERALD, HeraldDaemon  # noqa: E402  (after the path it lives on)

POSTGRES = os.environ.get("HERALD_TEST_POSTGRES_URL", "")
APP = "com.example.chat"

pytestmark = pytest.mark.skipif(
    not POSTGRES and not os.environ.get("CI"), reason="HERALD_TEST_POSTGRES_URL is not set")


def herald(daemon, *arguments):
    """`herald arguments…` against `daemon`, as its user runs it; its standard output."""
    result = subprocess.run(
        [str(HERALD), *arguments], capture_output=True, text=True, timeout=60,
        env={**os.environ, "HERALD_DATA_DIR": str(daemon.data_dir)})
    assert result.returncode == 0, f"herald {' '.join(arguments)}: {result.stdout} {result.stderr}"
    return result.stdout


def eventually(what, condition, limit=60):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    assert condition(), what


def titles(device):
    listed = json.loads(herald(device, "delivered", "--app", APP, "--json"))
    return [delivery["request"]["content"].get("title") for delivery in listed["deliveries"]]


def push_url(node):
    return json.loads((node.data_dir / "daemon.json").read_text())["pushURL"]


def test_a_push_accepted_by_either_node_reaches_the_device_linked_to_one():
    assert POSTGRES, "HERALD_TEST_POSTGRES_URL is not set, and CI requires it"
    database = POSTGRES + ("&" if "?" in POSTGRES else "?") + "schema=push_nodes_" + uuid.uuid4().hex
    directories = [pathlib.Path(tempfile.mkdtemp(prefix=f"herald-push-node{n}-")) for n in range(3)]
    options = ["--policy", "grant-all", "--no-bundled-apps", "--desktop", "off"]
    one = HeraldDaemon(directories[0], *options, "--push-port", "0", "--push-plaintext", database=database)
    two = HeraldDaemon(directories[1], *options, "--push-port", "0", "--push-plaintext", database=database)
    device = HeraldDaemon(directories[2], *options)
    try:
        invite = json.loads(herald(one, "push", "invite", "--name", "laptop", "--json"))
        herald(device, "push", "connect", push_url(two), "--code", invite["code"])
        eventually("the device is linked", lambda: json.loads(herald(device, "push", "upstream", "--json"))["connected"])

        herald(device, "apps", "register", APP)
        herald(device, "authorize", "--app", APP)
        request = urllib.request.Request(
            f"{device.url}/v1/push/registration?app={APP}", method="POST",
            headers={"Authorization": f"Bearer {device.admin_token}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            token = json.loads(answer.read())["deviceToken"]

        shown = []
        for node, title in [(one, "via the other node"), (two, "via its own node"), (one, "again via the other")]:
            sent = json.loads(herald(node, "push", "send", token, "--title", title, "--json"))
            assert sent["status"] == 200, sent
            shown.append(title)
            eventually(f"{title} is shown", lambda: len(titles(device)) >= len(shown))
        time.sleep(1)
        assert titles(device) == shown, "each push shown once, in order"
        enrolled = json.loads(herald(one, "push", "enrolled", "--json"))["devices"]
        assert [entry["name"] for entry in enrolled] == ["laptop"]
        assert [entry["linked"] for entry in enrolled] == [False], "the other node holds the link"
    finally:
        for daemon in (device, two, one):
            daemon.stop()
        for directory in directories:
            shutil.rmtree(directory, ignore_errors=True)
