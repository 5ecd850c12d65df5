"""P2: a push's latency from accepted to shown, across two machines — network namespaces
joined by a veth pair, the push service in one and the device in the other — beside the
network's own round trip between them (ping), in the same run.

A provider in the service's namespace sends COUNT pushes one after another over HTTP/2
(`sender.py`), each timed when its 200 comes back; `herald watch --json` on the device
times each `delivered` event as it arrives. Both read CLOCK_MONOTONIC, one clock for every
namespace of the machine. Needs root, iproute2, openssl, and a built herald.

    python3 Benchmarks/PushLatency/p2.py [HERALD] [COUNT]
"""

import json
import pathlib
import statistics
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
import herald_netns  # noqa: E402  (after the path it lives on)
from herald_netns import DEVICE_ADDRESS, SERVICE_ADDRESS, run  # noqa: E402

APP = "com.example.chat"
PUSH_PORT = 2197


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    herald = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build/release/herald"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    if not herald_netns.available():
        raise SystemExit("P2 needs root, iproute2 and curl (network namespaces)")
    with herald_netns.machines(herald) as (service, device):
        service.serve("--host", SERVICE_ADDRESS, "--port", "0", "--push-port", str(PUSH_PORT))
        device.serve("--port", "0")
        key = service.data_dir / "AuthKey_ABC123DEFG.p8"
        run("openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", str(key))
        service.herald("push", "keys", "add", "--team", "TEAM123456", "--key-id", "ABC123DEFG", "--file", str(key),
                       "--topic", APP)
        invite = json.loads(service.herald("push", "invite", "--name", "bench", "--json").stdout)
        device.herald("push", "connect", invite["url"], "--fingerprint", invite["fingerprint"], "--code", invite["code"])
        device.herald("apps", "register", APP)
        device.herald("authorize", "--app", APP)
        announced = json.loads((device.data_dir / "daemon.json").read_text())
        admin = (device.data_dir / "admin-token").read_text().strip()
        token = json.loads(run(*device.exec(
            "curl", "-sf", "-X", "POST", "-H", f"authorization: Bearer {admin}",
            f"{announced['url']}/v1/push/registration?app={APP}")).stdout)["deviceToken"]

        shown = {}
        watch = subprocess.Popen(
            device.exec(str(herald), "watch", "--json", "--app", APP), stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, env={"HERALD_DATA_DIR": str(device.data_dir), "PATH": "/usr/bin:/bin"})

        def read():
            for line in watch.stdout:
                at = time.monotonic()
                event = json.loads(line)
                if event.get("type") == "delivered":
                    identifier = event["delivery"]["request"]["identifier"]
                    shown.setdefault(identifier.upper(), at)

        threading.Thread(target=read, daemon=True).start()
        time.sleep(1)
        sender = run(*service.exec(
            sys.executable, str(ROOT / "Benchmarks/PushLatency/sender.py"), invite["url"],
            str(service.data_dir / "push-cert.pem"), token, str(key), str(count), "0.01"))
        accepted = {entry["id"]: entry["accepted"] for entry in map(json.loads, sender.stdout.splitlines())}
        deadline = time.monotonic() + 60
        while len([i for i in accepted if i in shown]) < len(accepted) and time.monotonic() < deadline:
            time.sleep(0.1)
        watch.terminate()
        latencies = [(shown[i] - accepted[i]) * 1000 for i in accepted if i in shown]
        ping = run(*service.exec("ping", "-c", "200", "-i", "0.01", "-q", DEVICE_ADDRESS)).stdout
        pings = run(*service.exec("ping", "-c", "200", "-i", "0.01", DEVICE_ADDRESS)).stdout
        rtts = [float(part.split("=")[1].split()[0]) for part in pings.split() if part.startswith("time=")]
        print(f"P2 accepted → shown across network namespaces: {len(latencies)} of {len(accepted)} pushes shown")
        print(f"  p50 {statistics.median(latencies):.2f} ms, p99 {percentile(latencies, 0.99):.2f} ms, "
              f"max {max(latencies):.2f} ms (goal p99 ≤ 20 ms)")
        print(f"  peer, ping round trip on the same veth: p50 {statistics.median(rtts):.3f} ms, "
              f"p99 {percentile(rtts, 0.99):.3f} ms")
        print("  " + ping.strip().splitlines()[-1])
        device.stop()
        service.stop()


if __name__ == "__main__":
    main()
