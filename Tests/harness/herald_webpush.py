"""A browser's push service and a browser's side of a Web Push subscription, for the
suites that test Herald sending Web Push (Tests/System/test_webpush_send.py, and
Tests/Browser/test_web_push.py, which hands what Herald sent to Chromium's service
worker). It checks and reads each message with libraries nobody here wrote: py-vapid
verifies the VAPID token's signature with its key, http-ece decrypts the aes128gcm
body (both from Tests/requirements.txt).

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "harness"))
    from herald_webpush import Browser, PushService
"""

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """A browser's side of a subscription: its key pair and auth secret, as
    `pushManager.subscribe` makes them, and the endpoint its push service gave it."""

    def __init__(self, endpoint):
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.auth = os.urandom(16)
        self.subscription = {
            "endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)}}

    def read(self, body):
        """Decrypts a message as the browser does (http-ece, aes128gcm)."""
        return json.loads(http_ece.decrypt(body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm"))


class PushService:
    """A push service on loopback: every POST to /push/<name> is checked (VAPID with
    py-vapid, the aes128gcm header) and recorded; each is answered with the next status
    scripted for its name (201 when none is left)."""

    def __init__(self):
        self.messages = []
        self.problems = []
        self.script = {}
        self.lock = threading.Condition()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                name = self.path.rsplit("/", 1)[-1]
                service.check(self.headers, body)
                with service.lock:
                    status, retry_after = (service.script.get(name) or [(201, None)]).pop(0) \
                        if service.script.get(name) else (201, None)
                    service.messages.append(
                        {"name": name, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body, "status": status,
                         "at": time.monotonic()})
                    service.lock.notify_all()
                self.send_response(status)
                if status == 201:
                    self.send_header("Location", f"/message/{len(service.messages)}")
                if retry_after is not None:
                    self.send_header("Retry-After", str(retry_after))
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.server.server_port}"

    def endpoint(self, name):
        return f"{self.origin}/push/{name}"

    def check(self, headers, body):
        """What a push service checks: RFC 8292's vapid authorization, signed by its key,
        for this origin, ending within 24 hours; an aes128gcm body of at most 4,096 bytes."""
        try:
            scheme, parameters = headers["Authorization"].split(" ", 1)
            assert scheme == "vapid", scheme
            fields = dict(part.strip().split("=", 1) for part in parameters.split(","))
            signed, signature = fields["t"].rsplit(".", 1)
            assert Vapid02().from_raw_public(fields["k"].encode()).verify_token(signed.encode(), signature), \
                "py-vapid: the token's signature does not verify with its key"
            claims = json.loads(unb64url(signed.split(".")[1]))
            assert claims["aud"] == self.origin, claims
            assert time.time() < claims["exp"] <= time.time() + 24 * 3600 + 60, claims
            assert claims["sub"].startswith("mailto:") or claims["sub"].startswith("https:"), claims
            assert headers["Content-Encoding"] == "aes128gcm"
            assert len(body) <= 4096
        except (AssertionError, KeyError, ValueError) as problem:
            self.problems.append(repr(problem))

    def wait(self, count, timeout=60):
        with self.lock:
            assert self.lock.wait_for(lambda: len(self.messages) >= count, timeout), \
                f"{len(self.messages)} messages of {count} arrived: {self.messages}"
            return list(self.messages)

    def stop(self):
        self.server.shutdown()
