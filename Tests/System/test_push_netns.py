"""A push service and a device on two machines of their own: network namespaces joined by a
veth pair (`ip netns`, root only). The device connects with `herald push connect`, pinning
the service's certificate; then the link is cut and restored, and the service is killed with
SIGKILL between accepting pushes and delivering them. Every accepted push is shown once, an
expired one never, collapsed ones once.

Run by scripts/test (pytest). Needs the built `.build/debug/herald`, root, iproute2 and curl.
"""

import json
import pathlib
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
import herald_netns  # noqa: E402  (after the path it lives on)
from herald_netns import SERVICE_ADDRESS, run  # noqa: E402

APP = "com.example.chat"
PUSH_PORT = 2197

pytestmark = pytest.mark.skipif(not herald_netns.available(), reason="network namespaces need root, iproute2 and curl")


@pytest.fixture
def machines():
    with herald_netns.machines() as pair:
        yield pair


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
