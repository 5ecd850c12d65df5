"""P3: idle devices linked to one push service node on this machine: the service's
resident memory per link, TLS included, and one push to each device, from the provider
starting to send to the last device's receipt; with the time enrollment takes.

A release `herald serve --push-port 0` (TLS, its self-signed certificate) is the service,
with a data directory of its own. COUNT devices are invited (`POST /v1/push/invites`,
admin token), enrolled (`POST /device/v1/enroll`) and register one app each (`POST
/device/v1/registrations`: one device token each), over HTTP/2 as `herald push connect`
does. Then `devices.py`, in WORKERS processes, opens one link per device, each on a TLS
connection of its own; the service's VmRSS (/proc/PID/status) is read before and after.
Then h2load sends one alert to each device token through the provider API (`POST
/3/device/{token}`, an ES256 provider token made with PyJWT), and each device takes the
CLOCK_MONOTONIC time its push arrives.

    python3 Benchmarks/PushIdle/p3.py [HERALD] [COUNT] [WORKERS]

Needs openssl, h2load (nghttp2-client), and Python's h2, httpx and PyJWT; a limit on open
files above COUNT (plus some) for the service and for each worker's share.
"""

import asyncio
import json
import os
import pathlib
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import httpx
import jwt

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
APP = "com.example.chat"
TEAM, KEY_ID = "TEAM123456", "ABC123DEFG"
AT_ONCE = 8
SENDERS = 4
REPORT_EVERY = 1000


def rss_kib(pid):
    """The VmRSS of `pid`, or under BENCH_P3_WRAPPER of the herald it runs (a descendant)."""
    while b"serve" not in pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[1:2]:
        pid = int(subprocess.run(["pgrep", "-n", "-P", str(pid)], capture_output=True, text=True).stdout.split()[0])
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SystemExit("no VmRSS")


def start_service(herald, data):
    log = open(data / "serve.log", "w")
    env = dict(os.environ, HERALD_DATA_DIR=str(data))
    wrapper = os.environ.get("BENCH_P3_WRAPPER", "").split()
    service = subprocess.Popen(
        wrapper + [str(herald), "serve", "--port", "0", "--push-port", "0", "--no-bundled-apps", "--desktop", "off",
         "--policy", "grant-all"], stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            announced = json.loads((data / "daemon.json").read_text())
            if "pushURL" in announced and "url" in announced:
                return service, announced, env
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    service.kill()
    raise SystemExit("the service did not start: " + (data / "serve.log").read_text())


async def in_turns(label, items, call):
    """Runs `call` on each item, AT_ONCE at a time, printing the time of each REPORT_EVERY."""
    results = [None] * len(items)
    queue = list(enumerate(items))[::-1]
    started = time.monotonic()
    block = [started]

    async def work():
        while queue:
            index, item = queue.pop()
            results[index] = await call(item)
            if (index + 1) % REPORT_EVERY == 0:
                now = time.monotonic()
                print(f"  {label} {index + 1}: last {REPORT_EVERY} in {now - block[0]:.2f} s", flush=True)
                block[0] = now

    await asyncio.gather(*(work() for _ in range(AT_ONCE)))
    print(f"  {label}: {len(items)} in {time.monotonic() - started:.2f} s", flush=True)
    return results


async def enroll(announced, admin, count):
    api = httpx.AsyncClient(base_url=announced["url"], headers={"authorization": f"Bearer {admin}"}, timeout=60)
    device = httpx.AsyncClient(base_url=announced["pushURL"], http2=True, verify=False, timeout=60)

    async def invite(index):
        answer = await api.post("/v1/push/invites", json={"name": f"p3-{index}"})
        answer.raise_for_status()
        return answer.json()["code"]

    async def enrollment(code):
        answer = await device.post("/device/v1/enroll", json={"code": code})
        answer.raise_for_status()
        return answer.json()["credential"]

    async def registration(credential):
        answer = await device.post(
            "/device/v1/registrations", json={"app": APP}, headers={"authorization": f"bearer {credential}"})
        answer.raise_for_status()
        return answer.json()["token"]

    codes = await in_turns("invites", list(range(count)), invite)
    credentials = await in_turns("enrollments", codes, enrollment)
    tokens = await in_turns("registrations", credentials, registration)
    await api.aclose()
    await device.aclose()
    return credentials, tokens


def open_links(announced, credentials, workers, scratch):
    host, port = announced["pushURL"].removeprefix("https://").rsplit(":", 1)
    processes = []
    for worker in range(workers):
        share = credentials[worker::workers]
        path = scratch / f"credentials-{worker}"
        path.write_text("\n".join(share) + "\n")
        processes.append(subprocess.Popen(
            [sys.executable, str(HERE / "devices.py"), host, port, str(path), f"127.0.{1 + worker}."],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True))
    for process in processes:
        line = process.stdout.readline().strip()
        if not line.startswith("linked"):
            raise SystemExit(f"a worker's links failed: {line}")
    return processes


def push_all(announced, tokens, scratch):
    key = scratch / f"AuthKey_{KEY_ID}.p8"
    provider_token = jwt.encode({"iss": TEAM, "iat": int(time.time())}, key.read_text(), algorithm="ES256",
                                headers={"kid": KEY_ID})
    body = scratch / "push.json"
    body.write_text(json.dumps({"aps": {"alert": {"title": "P3", "body": "one push to each device"}}}))
    # h2load's clients each go through the whole list of URIs: one h2load per share of the
    # tokens, each with one connection, so each token gets one push.
    commands = []
    for sender in range(SENDERS):
        uris = scratch / f"uris-{sender}"
        share = tokens[sender::SENDERS]
        uris.write_text("".join(f"{announced['pushURL']}/3/device/{token}\n" for token in share))
        commands.append([
            "h2load", "-n", str(len(share)), "-c", "1", "-m", "64", "-t", "1", "-i", str(uris), "-d", str(body),
            "-H", f"authorization: bearer {provider_token}", "-H", f"apns-topic: {APP}", "-H", "apns-push-type: alert"])
    started = time.monotonic()
    senders = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for command in commands]
    return started, [sender.communicate()[0] for sender in senders]


def main():
    herald = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build/release/herald"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    for tool in ("openssl", "h2load"):
        if not shutil.which(tool):
            raise SystemExit(f"P3 needs {tool}")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stops the service on the way out
    kept = os.environ.get("BENCH_P3_DIR")
    with tempfile.TemporaryDirectory(prefix="herald-p3-") as scratch:
        scratch = pathlib.Path(kept or scratch)
        data = scratch / "data"
        data.mkdir(parents=True, exist_ok=True)
        service, announced, env = start_service(herald, data)
        try:
            run(herald, service, announced, env, data, scratch, count, workers)
        finally:
            service.terminate()
            service.wait(timeout=60)


def run(herald, service, announced, env, data, scratch, count, workers):
    print(f"P3: {count} devices, {workers} device processes; herald {herald}; uptime: "
          + subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip(), flush=True)
    key = scratch / f"AuthKey_{KEY_ID}.p8"
    push_file = data / "push.json"
    if (scratch / "credentials").exists():
        # BENCH_P3_DIR of an earlier run: its devices, enrolled and registered already.
        credentials = (scratch / "credentials").read_text().split()[:count]
        tokens = [r["token"] for r in json.loads(push_file.read_text())["registrations"]][:count]
        print(f"reusing the {len(credentials)} devices enrolled in {scratch}", flush=True)
    else:
        subprocess.run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                        "-out", str(key)], check=True, capture_output=True)
        subprocess.run([str(herald), "push", "keys", "add", "--team", TEAM, "--key-id", KEY_ID, "--file", str(key),
                        "--topic", APP], check=True, capture_output=True, env=env)
        admin = (data / "admin-token").read_text().strip()
        started = time.monotonic()
        credentials, tokens = asyncio.run(enroll(announced, admin, count))
        enrolled = time.monotonic() - started
        (scratch / "credentials").write_text("\n".join(credentials) + "\n")
        print(f"enrolled {count} devices with one token each in {enrolled:.1f} s; push.json "
              f"{push_file.stat().st_size / 1024:.0f} KiB", flush=True)
    time.sleep(3)
    before = rss_kib(service.pid)
    started = time.monotonic()
    processes = open_links(announced, credentials, workers, scratch)
    print(f"{count} links open in {time.monotonic() - started:.1f} s", flush=True)
    time.sleep(5)
    after = rss_kib(service.pid)
    print(f"service VmRSS: {before} KiB before the links, {after} KiB with {count} links open: "
          f"{(after - before) / count:.1f} KiB per link (goal ≤ 24 KiB)", flush=True)
    first, h2load = push_all(announced, tokens, scratch)
    received, failed = [], 0
    # A worker reports once each of its devices has its push; one still waiting a minute
    # later is told to report what it has.
    timer = threading.Timer(60, lambda: [process.stdin.close() for process in processes])
    timer.start()
    for process in processes:
        result = json.loads(process.stdout.readline())
        received += result["received"]
        failed += result["failed"]
        process.wait()
    timer.cancel()
    for output in h2load:
        statuses = next((line.strip() for line in output.splitlines() if line.strip().startswith("status codes")), "?")
        finished = next((line.strip() for line in output.splitlines() if line.startswith("finished in")), "?")
        print(f"h2load: {finished}; {statuses}", flush=True)
    if received:
        last = max(received) - first
        print(f"pushes: {len(received)} of {count} devices had theirs; h2load started → last receipt "
              f"{last * 1000:.0f} ms, → median receipt {sorted(received)[len(received) // 2] * 1000 - first * 1000:.0f} ms "
              f"(goal: all within 2 s)", flush=True)
    print(f"service VmRSS after the pushes: {rss_kib(service.pid)} KiB", flush=True)


if __name__ == "__main__":
    main()
