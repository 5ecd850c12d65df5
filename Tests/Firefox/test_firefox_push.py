"""Firefox uses Herald as its push service: Debian's firefox-esr under Xvfb, its
`dom.push.serverURL` pointed at the daemon's push socket, opens a site that subscribes
with its VAPID key; pywebpush, from PyPI, unmodified, sends to the endpoint Herald gave
it; Firefox decrypts the message and the site's service worker shows the notification.

The site is served by the test (Python's http.server on its own port), which also
collects what the page and the worker report. A screenshot of the X display is left in
the test's temporary directory when ImageMagick's `import` is there.

Run by scripts/firefox-tests (pytest). Needs the built `.build/debug/herald`, firefox-esr
and Xvfb.
"""

import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02
from pywebpush import webpush

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HeraldDaemon  # noqa: E402
from herald_webpush import b64url  # noqa: E402

FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")


class Reports:
    """What the page and the worker POST to /report, waited for by kind."""

    def __init__(self):
        self.items = []
        self.changed = threading.Condition()

    def add(self, item):
        with self.changed:
            self.items.append(item)
            self.changed.notify_all()

    def wait(self, kind, timeout):
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for item in self.items:
                    if item.get("kind") == kind:
                        return item
                    if item.get("kind") == "error":
                        raise AssertionError(f"the page failed: {item}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no {kind} within {timeout} s; reports: {self.items}")
                self.changed.wait(left)


def serve_site(reports):
    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *arguments, **keywords):
            super().__init__(*arguments, directory=str(HERE / "www"), **keywords)

        def log_message(self, *arguments):
            pass

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            if self.path == "/report":
                reports.add(json.loads(body))
            self.send_response(204)
            self.end_headers()

    Handler.extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript"}
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def free_display():
    for number in range(90, 200):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            return f":{number}"
    raise RuntimeError("no free X display")


@pytest.fixture
def xvfb():
    display = free_display()
    process = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while not os.path.exists(f"/tmp/.X11-unix/X{display[1:]}"):
        assert process.poll() is None and time.monotonic() < deadline, "Xvfb did not start"
        time.sleep(0.1)
    yield display
    process.terminate()
    process.wait(timeout=15)


@pytest.mark.skipif(FIREFOX is None, reason="firefox-esr is not installed (scripts/firefox-tests installs it)")
def test_firefox_subscribes_through_herald_and_shows_a_pywebpush_message(tmp_path, xvfb):
    daemon = HeraldDaemon(tmp_path / "data", "--no-bundled-apps", "--desktop", "off")
    reports = Reports()
    site = serve_site(reports)
    profile = tmp_path / "profile"
    profile.mkdir()
    push_url = daemon.url.replace("http://", "ws://") + "/push-socket"
    (profile / "user.js").write_text((HERE / "user.js").read_text().replace("PUSH_SERVER_URL", push_url))
    vapid = Vapid02()
    vapid.generate_keys()
    key = b64url(vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))
    page = f"http://127.0.0.1:{site.server_port}/index.html?key={key}"
    environment = dict(os.environ, DISPLAY=xvfb, MOZ_CRASHREPORTER_DISABLE="1", MOZ_NO_REMOTE="1")
    environment.pop("MOZ_HEADLESS", None)
    with open(tmp_path / "firefox.log", "w") as log:
        firefox = subprocess.Popen(
            [FIREFOX, "--no-remote", "--new-instance", "--profile", str(profile), page],
            env=environment, stdout=log, stderr=subprocess.STDOUT)
    try:
        subscription = reports.wait("subscribed", 180)["detail"]
        assert subscription["endpoint"].startswith(daemon.url + "/push/"), subscription
        response = webpush(
            subscription, data=json.dumps({"title": "Herald", "body": "Your order shipped", "tag": "order-1"}),
            vapid_private_key=vapid, vapid_claims={"sub": "mailto:ops@example.com"}, ttl=600, timeout=30)
        assert response.status_code == 201, response.text
        shown = reports.wait("shown", 120)["detail"]
        assert {"title": "Herald", "body": "Your order shipped"} in shown
        if shutil.which("import"):
            time.sleep(1)  # the notification's slide-in, for the picture only
            subprocess.run(
                ["import", "-window", "root", str(tmp_path / "screen.png")], env=environment, timeout=30, check=False)
    except AssertionError:
        print((tmp_path / "firefox.log").read_text()[-4000:])
        raise
    finally:
        firefox.terminate()
        try:
            firefox.wait(timeout=20)
        except subprocess.TimeoutExpired:
            firefox.kill()
        site.shutdown()
        daemon.stop()
