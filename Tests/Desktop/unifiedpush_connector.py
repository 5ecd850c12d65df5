"""A UnifiedPush app for the desktop tests: a connector (org.unifiedpush.Connector2) in
dbus-python that decrypts its messages with http_ece, as an app does with the keys it
gave its application server.

    unifiedpush_connector.py NAME STATE [--register TOKEN VAPID]

Owns NAME on the session bus (or the bus that started it), serves
/org/unifiedpush/Connector, and appends one JSON line per event to STATE/events.jsonl.
Its Web Push keys are in STATE/keys.json, made on its first start: `p256dh` and `auth`
for the application server, `private` for itself. With --register it finds the
distributor as connectors do (the first name starting with org.unifiedpush.Distributor.)
and registers TOKEN with the application server's VAPID key."""

import base64
import json
import os
import pathlib
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
import http_ece
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from gi.repository import GLib

CONNECTOR = "org.unifiedpush.Connector2"
DISTRIBUTOR = "org.unifiedpush.Distributor2"

name, state = sys.argv[1], pathlib.Path(sys.argv[2])
# An activated program writes to dbus-daemon's own output, which the tests do not read.
output = os.open(state / "output.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
os.dup2(output, 1)
os.dup2(output, 2)


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def record(event, **fields):
    with open(state / "events.jsonl", "a") as log:
        log.write(json.dumps({"event": event, "pid": os.getpid(), **fields}) + "\n")


def keys():
    """The app's Web Push keys, made once and kept."""
    path = state / "keys.json"
    if not path.exists():
        private = ec.generate_private_key(ec.SECP256R1())
        public = private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        path.write_text(json.dumps({
            "private": b64(private.private_numbers().private_value.to_bytes(32, "big")),
            "p256dh": b64(public), "auth": b64(os.urandom(16))}))
    stored = json.loads(path.read_text())
    private = ec.derive_private_key(int.from_bytes(unb64(stored["private"]), "big"), ec.SECP256R1())
    return private, unb64(stored["auth"])


class Connector(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/unifiedpush/Connector")
        self.private, self.auth = keys()

    @dbus.service.method(CONNECTOR, in_signature="a{sv}", out_signature="a{sv}", byte_arrays=True)
    def Message(self, args):
        body = bytes(args["message"])
        try:
            text = http_ece.decrypt(body, private_key=self.private, auth_secret=self.auth, version="aes128gcm").decode()
        except Exception as error:  # recorded for the test to show
            text = None
            record("undecryptable", error=repr(error))
        record("Message", token=str(args["token"]), id=str(args.get("id", "")), size=len(body), text=text)
        return dbus.Dictionary({"id": args["id"]} if "id" in args else {}, signature="sv")

    @dbus.service.method(CONNECTOR, in_signature="a{sv}", out_signature="a{sv}")
    def NewEndpoint(self, args):
        record("NewEndpoint", token=str(args["token"]), endpoint=str(args["endpoint"]))
        return dbus.Dictionary({}, signature="sv")

    @dbus.service.method(CONNECTOR, in_signature="a{sv}", out_signature="a{sv}")
    def Unregistered(self, args):
        record("Unregistered", token=str(args["token"]))
        return dbus.Dictionary({}, signature="sv")


def register(bus, token, vapid):
    distributors = sorted(str(owned) for owned in bus.list_names() if owned.startswith("org.unifiedpush.Distributor."))
    distributor = bus.get_object(distributors[0], "/org/unifiedpush/Distributor")
    reply = distributor.Register(dbus.Dictionary(
        {"service": name, "token": token, "description": "desktop test", "vapid": vapid}, signature="sv"),
        dbus_interface=DISTRIBUTOR)
    record("registered", distributor=distributors[0], reply={str(key): str(value) for key, value in reply.items()})


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
activated = "DBUS_STARTER_ADDRESS" in os.environ
bus = dbus.StarterBus() if activated else dbus.SessionBus()
# The object first, then the name: a call the bus held while starting the app is
# delivered as soon as the name is owned.
connector = Connector(bus)
owned = dbus.service.BusName(name, bus, do_not_queue=True)
record("start", activated=activated)
if len(sys.argv) == 6 and sys.argv[3] == "--register":
    register(bus, sys.argv[4], sys.argv[5])
GLib.MainLoop().run()
