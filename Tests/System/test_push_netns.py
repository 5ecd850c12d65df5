"""A push service and a device on two machines of their own: network namespaces joined by a
veth pair (`ip netns`, root only). The device connects with `herald push connect`, pinning
the service's certificate; then the link is cut and restored, and the service is killed with
SIGKILL between accepting pushes and delivering them. Every accepted push is shown once, an
expired one never, collapsed ones once.

Run by scripts/test (pytest). Needs the built `.build/debug/herald`, root, iproute2 and curl.
"""

import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HERALD  # noqa: E402  (after the path it lives on)

APP = "com.example.chat"
SERVICE_ADDRESS = "10.201.0.1"
DEVICE_ADDRESS = "10.201.0.2"
PUSH_PORT = 2197

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None or shutil.which("curl") is None,
    reason="network namespaces need root, iproute2 and curl")


def run(*command, check=True):
    return subprocess.run(command, check=check, capture_output=True, text=True, timeout=120)


class Machine:
    """A network namespace with one end of the veth pair, and a `herald serve` in it."""

    def __init__(self, name, address, veth):
        self.name, self.address, self.veth = name, address, veth
        self.data_dir = pathlib.Path(tempfile.mkdtemp(prefix=f"herald-{name}-"))
        self.log = self.data_dir / "daemon.log"
        self.process = None

    def exec(self, *command):
        return ["ip", "netns", "exec", self.name, *command]

    def herald(self, *arguments, check=True):
        """`herald arguments…` in this namespace, against this machine's daemon."""
        result = subprocess.run(
            self.exec(str(HERALD), *arguments), capture_output=True, text=True, timeout=120,
            env={**os.environ, "HERALD_DATA_DIR": str(self.data_dir)})
        if check:
            assert result.returncode == 0, f"herald {' '.join(arguments)}: {result.stdout} {result.stderr}"
        return result

    def serve(self, *arguments):
        announcement = self.data_dir / "daemon.json"
        if announcement.exists():
            announcement.unlink()
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(
                self.exec(str(HERALD), "serve", "--data-dir", str(self.data_dir), "--policy", "grant-all",
                          "--desktop", "off", *arguments),
                stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"herald serve exited: {self.log.read_text()}"
            if announcement.exists():
                try:
                    return json.loads(announcement.read_text())
                except ValueError:
                    pass
            time.sleep(0.05)
        raise AssertionError(f"herald serve did not start: {self.log.read_text()}")

    def kill(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


@pytest.fixture
def machines():
    suffix = uuid.uuid4().hex[:6]
    service = Machine(f"herald-svc-{suffix}", SERVICE_ADDRESS, f"hs{suffix}")
    device = Machine(f"herald-dev-{suffix}", DEVICE_ADDRESS, f"hd{suffix}")
    for machine in (service, device):
        run("ip", "netns", "add", machine.name)
        run(*machine.exec("ip", "link", "set", "lo", "up"))
    run("ip", "link", "add", service.veth, "type", "veth", "peer", "name", device.veth)
    for machine in (service, device):
        run("ip", "link", "set", machine.veth, "netns", machine.name)
        run(*machine.exec("ip", "addr", "add", f"{machine.address}/24", "dev", machine.veth))
        run(*machine.exec("ip", "link", "set", machine.veth, "up"))
    try:
        yield service, device
    finally:
        for machine in (service, device):
            machine.kill()
            run("ip", "netns", "delete", machine.name, check=False)
            # The logs stay for a failed run to be read: the last run's, in the temporary directory.
            kept = pathlib.Path(tempfile.gettempdir()) / f"herald-netns-last-{machine.name.split('-')[1]}.log"
            shutil.copyfile(machine.log, kept) if machine.log.exists() else None
            shutil.rmtree(machine.data_dir, ignore_errors=True)


def titles(device):
    listed = json.loads(device.herald("delivered", "--app", APP, "--json").stdout)
    return [delivery["request"]["content"].get("title") for delivery in listed["deliveries"]]


def eventually(what, condition, timeout=150):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    assert condition(), what


def send(service, token, title, *options):
    result = service.herald("push", "send", token, "--title", title, *options, "--json")
    answer = json.loads(result.stdout)
    assert answer["status"] == 200, answer
    return answer


def test_pushes_cross_a_cut_link_and_a_killed_service_once_each(machines):
    service, device = machines
    service_options = ["--host", SERVICE_ADDRESS, "--port", "0", "--push-port", str(PUSH_PORT)]
    service.serve(*service_options)
    device.serve("--port", "0")

    invite = json.loads(service.herald("push", "invite", "--name", "laptop", "--json").stdout)
    assert invite["url"] == f"https://{SERVICE_ADDRESS}:{PUSH_PORT}"
    wrong = device.herald("push", "connect", invite["url"], "--fingerprint", "AB:" * 31 + "AB",
                          "--code", invite["code"], check=False)
    assert wrong.returncode != 0 and invite["fingerprint"] in wrong.stderr, wrong.stderr
    device.herald("push", "connect", invite["url"], "--fingerprint", invite["fingerprint"], "--code", invite["code"])
    eventually("the link is up", lambda: json.loads(device.herald("push", "upstream", "--json").stdout)["connected"])

    device.herald("apps", "register", APP)
    device.herald("authorize", "--app", APP)
    announced = json.loads((device.data_dir / "daemon.json").read_text())
    admin = (device.data_dir / "admin-token").read_text().strip()
    registered = run(*device.exec(
        "curl", "-sf", "-X", "POST", "-H", f"authorization: Bearer {admin}",
        f"{announced['url']}/v1/push/registration?app={APP}"))
    token = json.loads(registered.stdout)["deviceToken"]

    send(service, token, "one")
    eventually("the first push is shown", lambda: titles(device) == ["one"])

    # The link cut: pushes are accepted and kept; two with one collapse id are shown once.
    run(*device.exec("ip", "link", "set", device.veth, "down"))
    send(service, token, "two", "--collapse-id", "score")
    send(service, token, "three", "--collapse-id", "score")
    send(service, token, "expired", "--expiration", str(int(time.time()) + 2))
    time.sleep(3)
    run(*device.exec("ip", "link", "set", device.veth, "up"))
    eventually("the kept push is shown", lambda: "three" in titles(device))

    # The service killed between accepting and delivering: the link cut again, a push
    # accepted, SIGKILL, the service started again on its data, the link restored.
    run(*device.exec("ip", "link", "set", device.veth, "down"))
    send(service, token, "four")
    service.kill()
    service.serve(*service_options)
    run(*device.exec("ip", "link", "set", device.veth, "up"))
    eventually("the push accepted before the kill is shown", lambda: "four" in titles(device))
    send(service, token, "five")
    eventually("a push after the restart is shown", lambda: "five" in titles(device))

    shown = titles(device)
    assert shown == ["one", "three", "four", "five"], shown
    device.stop()
    service.stop()
