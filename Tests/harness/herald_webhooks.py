"""A webhook receiver for the system tests: what the daemon posts to an app's
`webhookURL`, recorded as it comes. Standard library only.

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "harness"))
    from herald_webhooks import WebhookReceiver
"""

import http.server
import json
import threading
import time


class WebhookReceiver:
    """An HTTP server on loopback recording each webhook post: its event type, app,
    sequence number, `X-Herald-Delivery` header and the request's identifier. It
    outlives the daemon's restarts."""

    def __init__(self):
        self.posts = []
        self.lock = threading.Lock()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                event = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                delivery = event.get("delivery") or {}
                with receiver.lock:
                    receiver.posts.append({
                        "type": event["type"], "app": event["app"], "sequence": event["sequence"],
                        "delivery": self.headers["X-Herald-Delivery"],
                        "identifier": (delivery.get("request") or {}).get("identifier"),
                    })
                self.send_response(204)
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def delivered(self, app=None):
        """The `delivered` posts, of `app` if given, in the order they came."""
        with self.lock:
            return [post for post in self.posts
                    if post["type"] == "delivered" and (app is None or post["app"] == app)]

    def wait_for(self, app, count, limit=20):
        """The `delivered` posts of `app` once there are `count`, or when `limit` seconds pass."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if len(self.delivered(app)) >= count:
                return self.delivered(app)
            time.sleep(0.05)
        return self.delivered(app)
