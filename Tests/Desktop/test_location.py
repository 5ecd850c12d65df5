"""Location triggers from the machine's position: `herald serve --location on` on a private
system bus (a dbus-daemon with a configuration of its own) where python-dbusmock plays
GeoClue2 (Tests/Desktop/templates/geoclue2.py), moved with its mock-only ChangeLocation.

Waits are for events, each with a deadline; positions are handled in the order GeoClue
sends them, so a crossing that is seen to fire proves that every position sent before it
was handled."""

import json
import os
import pathlib
import subprocess
import tempfile
import urllib.error
import urllib.request

import dbus
import pytest

from conftest import HeraldDaemon, wait

TEMPLATE = pathlib.Path(__file__).resolve().parent / "templates" / "geoclue2.py"
GEOCLUE = "org.freedesktop.GeoClue2"
MANAGER = "/org/freedesktop/GeoClue2/Manager"
CLIENT = "/org/freedesktop/GeoClue2/Client/1"
CLIENT_IFACE = "org.freedesktop.GeoClue2.Client"
MOCK = "org.freedesktop.DBus.Mock"
# A system bus of the test's own: anyone may own any name and call anything, as the
# mock and the daemon, run by the same user, need.
SYSTEM_BUS_CONFIGURATION = """<busconfig>
  <type>system</type>
  <listen>unix:path={path}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""
SHOP = (52.52, 13.405)
RADIUS = 100


def north(metres):
    """The point `metres` north of the shop."""
    return SHOP[0] + metres / 111_195, SHOP[1]


class Place:
    """A private system bus, GeoClue's mock on it (started on demand) and a daemon."""

    def __init__(self, directory):
        self.directory = pathlib.Path(directory)
        self.processes = []
        path = self.directory / "system"
        configuration = self.directory / "system.conf"
        configuration.write_text(SYSTEM_BUS_CONFIGURATION.format(path=path))
        bus = subprocess.Popen(
            ["dbus-daemon", f"--config-file={configuration}", "--nofork", "--nopidfile", "--print-address=1"],
            stdout=subprocess.PIPE, stderr=open(self.directory / "bus.log", "w"), text=True)
        self.processes.append(bus)
        if not bus.stdout.readline().strip():
            raise RuntimeError("the system bus did not start")
        bus.stdout.close()
        self.address = f"unix:path={path}"
        environment = {key: value for key, value in os.environ.items() if key != "DBUS_SESSION_BUS_ADDRESS"}
        self.environment = dict(environment, DBUS_SYSTEM_BUS_ADDRESS=self.address)
        self.bus = dbus.bus.BusConnection(self.address)
        self.geoclue = None
        self.daemon = None

    def start_geoclue(self, parameters=None):
        process = subprocess.Popen(
            ["/usr/bin/python3", "-m", "dbusmock", "--system", "--template", str(TEMPLATE),
             *(["-p", json.dumps(parameters)] if parameters else [])],
            env=self.environment, stdout=open(self.directory / "geoclue.log", "w"), stderr=subprocess.STDOUT)
        self.processes.append(process)
        wait("GeoClue's mock on the bus", lambda: self.bus.name_has_owner(GEOCLUE))
        self.geoclue = self.bus.get_object(GEOCLUE, MANAGER)

    def serve(self):
        self.daemon = HeraldDaemon(
            self.directory / "data", "--virtual-clock", "--policy", "grant-all", "--desktop", "off",
            "--location", "on", env=self.environment, log=self.directory / "daemon.log")

    def close(self):
        if self.daemon is not None:
            self.daemon.stop(timeout=15)
        for process in reversed(self.processes):
            process.terminate()
            process.wait()

    # GeoClue's side

    def client_property(self, name):
        client = self.bus.get_object(GEOCLUE, CLIENT)
        return client.Get(CLIENT_IFACE, name, dbus_interface="org.freedesktop.DBus.Properties")

    def client_active(self):
        try:
            return bool(self.client_property("Active"))
        except dbus.exceptions.DBusException:
            return False

    def move(self, metres, accuracy=5.0):
        latitude, longitude = north(metres)
        self.geoclue.ChangeLocation(latitude, longitude, accuracy, dbus_interface=MOCK)

    # The daemon's side

    def request(self, method, path, body=None, token=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.daemon.url + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {token or self.daemon.admin_token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
            return json.loads(text) if text else None

    def register(self, identifier):
        token = self.request("POST", "/v1/apps", {"identifier": identifier, "name": identifier})["token"]
        assert self.request("POST", f"/v1/apps/{identifier}/authorization", {"options": ["alert"]}, token)["granted"]
        return token

    def add_region(self, app, token, identifier, entry, exit):
        region = {"identifier": identifier, "latitude": SHOP[0], "longitude": SHOP[1], "radius": RADIUS,
                  "notifyOnEntry": entry, "notifyOnExit": exit}
        self.request("POST", f"/v1/apps/{app}/requests", {
            "identifier": identifier, "content": {"title": identifier},
            "trigger": {"type": "location", "region": region, "repeats": True}}, token)

    def delivered(self, app):
        return [delivery["request"]["identifier"]
                for delivery in self.request("GET", f"/v1/apps/{app}/delivered")["deliveries"]]

    def delivered_ids(self, app):
        """The app's delivered notifications: request identifier → delivery id."""
        return {delivery["request"]["identifier"]: delivery["id"]
                for delivery in self.request("GET", f"/v1/apps/{app}/delivered")["deliveries"]}

    def location(self, app):
        return self.request("GET", f"/v1/apps/{app}/location")


@pytest.fixture
def place():
    made = Place(tempfile.mkdtemp(prefix="herald-location-"))
    yield made
    made.close()


def allow(place, app, token):
    asked = place.request("POST", f"/v1/apps/{app}/location/authorization", {"access": "whenInUse"}, token)
    assert (asked["status"], asked["authorizationStatus"], asked["requested"]) == ("notDetermined", 0, "whenInUse")
    answered = place.request("POST", f"/v1/apps/{app}/location/authorization/answer", {"status": "authorizedWhenInUse"})
    assert (answered["status"], answered["authorizationStatus"]) == ("authorizedWhenInUse", 4)
    assert "requested" not in answered or answered["requested"] is None


def test_a_path_through_a_region_fires_entry_once_and_exit_once(place):
    place.start_geoclue()
    place.serve()
    shop = place.register("com.example.shop")
    other = place.register("com.example.other")
    for app, token in (("com.example.shop", shop), ("com.example.other", other)):
        place.add_region(app, token, "arrive", entry=True, exit=False)
        place.add_region(app, token, "leave", entry=False, exit=True)
    # Nobody is allowed location yet: GeoClue is not asked.
    assert not place.client_active()
    assert place.location("com.example.other")["waiting"] == "notAuthorized"
    allow(place, "com.example.shop", shop)

    wait("GeoClue's client to run", place.client_active)
    assert place.client_property("DesktopId") == "herald"
    # The threshold is the border margin of the 100 m region, as GeoClue's types say: u.
    threshold = place.client_property("DistanceThreshold")
    assert isinstance(threshold, dbus.UInt32) and int(threshold) == 10
    assert isinstance(place.client_property("TimeThreshold"), dbus.UInt32)
    assert isinstance(place.client_property("RequestedAccuracyLevel"), dbus.UInt32)
    wait("the shop's location to say it runs", lambda: place.location("com.example.shop").get("waiting") is None)

    # A delivery of a request replaces the one before it in the list, with a new id: each
    # request's id tells how often it fired.
    place.move(500)                       # outside: settles, fires nothing
    place.move(20)                        # in
    first = wait("the entry", lambda: place.delivered_ids("com.example.shop"))
    assert list(first) == ["arrive"]
    for metres in (95, 105, 98, 103, 91):  # wobbling on the border, within its band
        place.move(metres)
    place.move(500)                       # out
    fired = wait("the exit", lambda: (lambda ids: ids if "leave" in ids else None)(place.delivered_ids("com.example.shop")))
    assert fired["arrive"] == first["arrive"]   # the wobble inside fired no second entry
    for metres in (105, 109, 95, 101):    # wobbling outside, within the band
        place.move(metres)
    place.move(10)                        # in again: the barrier for the wobble before it
    again = wait("the second entry", lambda: (lambda ids: ids if ids["arrive"] != first["arrive"] else None)(
        place.delivered_ids("com.example.shop")))
    assert again["leave"] == fired["leave"]     # the wobble outside fired no second exit

    # The app without permission fired nothing through all of it, and says why.
    assert place.delivered("com.example.other") == []
    other_state = place.location("com.example.other")
    assert (other_state["status"], other_state["authorizationStatus"]) == ("notDetermined", 0)
    assert other_state["waiting"] == "notAuthorized"
    assert other_state["regions"] == 2
    assert other_state["service"] == "running"

    # Nothing left to watch for an allowed app: the client stops.
    place.request("DELETE", "/v1/apps/com.example.shop/requests")
    wait("GeoClue's client to stop", lambda: not place.client_active())
    assert place.location("com.example.shop")["service"] == "stopped"


def test_without_geoclue_the_trigger_waits_and_says_why_until_geoclue_comes(place):
    place.serve()
    shop = place.register("com.example.shop")
    place.add_region("com.example.shop", shop, "arrive", entry=True, exit=False)
    allow(place, "com.example.shop", shop)
    state = wait("GeoClue to be found missing",
                 lambda: (lambda s: s if s["service"] == "unavailable" else None)(place.location("com.example.shop")))
    assert state["waiting"] == "locationUnavailable"
    assert state["serviceError"]["code"] == "serviceMissing"

    place.start_geoclue()
    wait("GeoClue's client to run once GeoClue is there", place.client_active)
    wait("the shop's location to say it runs", lambda: place.location("com.example.shop").get("waiting") is None)
    place.move(500)
    place.move(0)
    wait("the entry", lambda: place.delivered("com.example.shop") == ["arrive"])


def test_geoclue_refusing_herald_is_said(place):
    place.start_geoclue({"refuse": "Herald may not locate this machine"})
    place.serve()
    shop = place.register("com.example.shop")
    place.add_region("com.example.shop", shop, "arrive", entry=True, exit=False)
    allow(place, "com.example.shop", shop)
    state = wait("GeoClue's refusal",
                 lambda: (lambda s: s if s["service"] == "unavailable" else None)(place.location("com.example.shop")))
    assert state["serviceError"]["code"] == "refused"
    assert "Herald may not locate this machine" in state["serviceError"]["message"]
    assert state["waiting"] == "locationUnavailable"


def test_without_an_agent_getclient_never_answers_and_the_deadline_says_so_until_one_registers(place):
    place.start_geoclue({"agent": False})
    place.serve()
    shop = place.register("com.example.shop")
    place.add_region("com.example.shop", shop, "arrive", entry=True, exit=False)
    allow(place, "com.example.shop", shop)
    # The call's deadline is 5 s: the daemon answers its API meanwhile.
    assert place.location("com.example.shop")["service"] in ("starting", "unavailable")
    state = wait("GetClient's deadline",
                 lambda: (lambda s: s if s["service"] == "unavailable" else None)(place.location("com.example.shop")),
                 timeout=30)
    assert state["serviceError"]["code"] == "noAgent"
    assert state["waiting"] == "locationUnavailable"

    # The desktop's agent registers later in the session: the daemon asks again by itself
    # (10 s after the first failure, then longer), and the trigger fires.
    place.geoclue.RegisterAgent(dbus_interface=MOCK)
    wait("GeoClue's client to run once an agent is there", place.client_active, timeout=90)
    wait("the shop's location to say it runs", lambda: place.location("com.example.shop").get("waiting") is None)
    place.move(500)
    place.move(0)
    wait("the entry", lambda: place.delivered("com.example.shop") == ["arrive"])


def test_an_unknown_access_or_status_is_refused_and_changes_nothing(place):
    place.serve()
    shop = place.register("com.example.shop")
    for path, body, token in (
            ("authorization", {"access": "sometimes"}, shop),
            ("authorization/answer", {"status": "authorized"}, None)):
        with pytest.raises(urllib.error.HTTPError) as refused:
            place.request("POST", f"/v1/apps/com.example.shop/location/{path}", body, token)
        assert refused.value.code == 422
        assert json.loads(refused.value.read())["error"]["code"] == "invalidPayload"
    # Only the person answers: the app's own token may not.
    with pytest.raises(urllib.error.HTTPError) as forbidden:
        place.request("POST", "/v1/apps/com.example.shop/location/authorization/answer",
                      {"status": "authorizedAlways"}, shop)
    assert forbidden.value.code == 403
    assert place.location("com.example.shop")["status"] == "notDetermined"
