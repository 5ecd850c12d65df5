"""P5: a message's latency through Herald as a push service (RFC 8030), from the
application server's POST to the connected browser's WebSocket, beside the POST's own
round trip to the same daemon (its 201), in the same run.

One `herald serve` (release build) on loopback; a browser on its push socket
(`websockets`, Firefox's protocol) subscribes with a VAPID key; an application server
(httpx, one keep-alive HTTP/1.1 connection) POSTs COUNT messages one after another,
10 ms apart, each encrypted beforehand for the subscription (http-ece, aes128gcm) with
one VAPID token made beforehand, so that neither side's crypto is timed. The POST is timed
from just before it is sent to its 201 (the peer) and to the browser's receipt of the
frame with its message (matched by the message's identifier, the 201's Location). The
browser acknowledges each. CLOCK_MONOTONIC on both, one process.

    python3 Benchmarks/PushLatency/p5.py [HERALD] [COUNT]
"""

import json
import os
import pathlib
import statistics
import sys
import tempfile
import threading
import time

import http_ece
import httpx
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_push_socket import PushClient  # noqa: E402
from herald_webpush import b64url  # noqa: E402
from p2 import percentile  # noqa: E402  (P2's, beside this script)


def main():
    herald = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build/release/herald"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    os.environ["HERALD_BINARY"] = str(herald)
    from herald_daemon import HeraldDaemon  # after HERALD_BINARY is set

    with tempfile.TemporaryDirectory() as directory:
        daemon = HeraldDaemon(pathlib.Path(directory) / "data", "--no-bundled-apps", "--desktop", "off")
        try:
            run(daemon, count)
        finally:
            daemon.stop()


def run(daemon, count):
    vapid = Vapid02()
    vapid.generate_keys()
    key = b64url(vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))
    browser = PushClient(daemon.url)
    _, endpoint = browser.register(key=key)
    receiver = ec.generate_private_key(ec.SECP256R1())
    receiver_public = receiver.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    auth = os.urandom(16)
    authorization = vapid.sign({"sub": "mailto:bench@example.com", "aud": daemon.url})["Authorization"]
    bodies = [
        http_ece.encrypt(json.dumps({"n": n}).encode(), private_key=ec.generate_private_key(ec.SECP256R1()),
                         dh=receiver_public, auth_secret=auth, version="aes128gcm")
        for n in range(count)]

    received = {}
    done = threading.Event()

    def read():
        while len(received) < count:
            message = browser.receive(timeout=60)
            received[message["version"]] = time.monotonic()
            browser.ack(message)
        done.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    sent = {}
    answered = {}
    headers = {"TTL": "600", "Content-Encoding": "aes128gcm", "Authorization": authorization}
    with httpx.Client(timeout=30) as client:
        for body in bodies:
            started = time.monotonic()
            response = client.post(endpoint, content=body, headers=headers)
            finished = time.monotonic()
            assert response.status_code == 201, response.text
            identifier = response.headers["Location"].rsplit("/", 1)[1]
            sent[identifier] = started
            answered[identifier] = finished - started
            time.sleep(0.01)
    assert done.wait(120), f"{len(received)} of {count} messages reached the browser"
    browser.close()
    delivered = [(received[i] - sent[i]) * 1000 for i in sent]
    posted = [answered[i] * 1000 for i in sent]
    print(f"P5 {count} messages: POST → browser p50 {statistics.median(delivered):.2f} ms, "
          f"p99 {percentile(delivered, 0.99):.2f} ms, max {max(delivered):.2f} ms; "
          f"peer, POST → 201: p50 {statistics.median(posted):.2f} ms, p99 {percentile(posted, 0.99):.2f} ms")


if __name__ == "__main__":
    main()
