"""A browser's push client on Herald's push socket (`/push-socket`), speaking the
protocol Firefox speaks to its push service (`dom.push.serverURL`), with the
`websockets` library: hello, register, the notifications, ack. Its subscriptions'
keys are `herald_webpush.Browser`s, so messages sent to them with pywebpush are
decrypted with http-ece, as the browser would."""

import json
import sys
import pathlib
import uuid

from websockets.sync.client import connect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from herald_webpush import unb64url  # noqa: E402

import http_ece  # noqa: E402


class PushClient:
    """One connection of a browser: `hello` sent (with `uaid` when given) and answered."""

    def __init__(self, daemon_url, uaid=None):
        self._connection = connect(
            daemon_url.replace("http://", "ws://") + "/push-socket", subprotocols=["push-notification"],
            open_timeout=30)
        self.socket = self._connection.__enter__()
        hello = {"messageType": "hello", "broadcasts": {}, "use_webpush": True}
        if uaid:
            hello["uaid"] = uaid
        self.send(hello)
        answer = self.receive()
        assert answer["messageType"] == "hello" and answer["status"] == 200, answer
        self.uaid = answer["uaid"]

    def send(self, message):
        self.socket.send(json.dumps(message))

    def receive(self, timeout=30):
        return json.loads(self.socket.recv(timeout=timeout))

    def register(self, key=None):
        """A new subscription; returns its channelID and endpoint."""
        channel = str(uuid.uuid4())
        message = {"channelID": channel, "messageType": "register"}
        if key:
            message["key"] = key
        self.send(message)
        answer = self.receive()
        assert answer == {**answer, "messageType": "register", "channelID": channel, "status": 200}, answer
        return channel, answer["pushEndpoint"]

    def notification(self, timeout=30):
        """The next notification, skipping nothing else: a test expects only notifications."""
        message = self.receive(timeout)
        assert message["messageType"] == "notification", message
        return message

    def ack(self, message, code=100):
        self.send({"messageType": "ack", "updates": [
            {"channelID": message["channelID"], "version": message["version"], "code": code}]})

    def close(self):
        self._connection.__exit__(None, None, None)


def decrypt(browser, notification):
    """A notification's plaintext, decrypted with the subscription's keys (http-ece)."""
    return http_ece.decrypt(
        unb64url(notification["data"]), private_key=browser.private_key, auth_secret=browser.auth,
        version=notification["headers"]["encoding"])
