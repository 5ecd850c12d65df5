"""A desktop for `herald serve --desktop on`: private session and system buses
(dbus-daemon), python-dbusmock's notification server and logind, and an
`xdg-open` on PATH that records what it is asked to open.

Runs under Debian's python3 (/usr/bin/python3), which has python3-dbusmock."""

import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time
import urllib.request

import dbus
import dbusmock
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HERALD, HeraldDaemon  # noqa: E402,F401  (after the path it lives on)
MOCK = "org.freedesktop.DBus.Mock"
NOTIFICATIONS = "org.freedesktop.Notifications"
# A session bus as `dbus-daemon --session` runs one, whose only activatable services are
# those in `services` (`--session` adds the system's); a program it starts gets its address.
SESSION_BUS_CONFIGURATION = """<busconfig>
  <type>session</type>
  <listen>unix:path={path}</listen>
  <auth>EXTERNAL</auth>
  <servicedir>{services}</servicedir>
  <limit name="service_start_timeout">30000</limit>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def wait(what, condition, timeout=15):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"gave up waiting for {what}")


def plain(value):
    """A D-Bus value as plain Python: str, int, bool, list, dict."""
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.String, dbus.ObjectPath)):
        return str(value)
    if isinstance(value, (dbus.Byte, dbus.Int16, dbus.Int32, dbus.Int64, dbus.UInt16, dbus.UInt32, dbus.UInt64)):
        return int(value)
    if isinstance(value, dbus.Double):
        return float(value)
    if isinstance(value, dict):
        return {plain(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


class Desktop:
    """The buses, the mock servers and the daemon of one test."""

    def __init__(self, directory, capabilities=None, environment=None, activation=False):
        """`capabilities`: those of a mock notification server to start, or None for
        none (a test that starts a real one); `environment` is added to the daemon's;
        `activation`: the session bus starts the programs of `add_service` (D-Bus
        activation), and of nothing else."""
        self.directory = pathlib.Path(directory)
        self.processes = []
        self.services = self.directory / "services" if activation else None
        self.session_address = self._bus("session", self.services)
        self.system_address = self._bus("system")
        self.environment = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.session_address,
                                DBUS_SYSTEM_BUS_ADDRESS=self.system_address, XDG_SESSION_ID="c1",
                                **(environment or {}))
        self.session = dbus.bus.BusConnection(self.session_address)
        self.system = dbus.bus.BusConnection(self.system_address)
        if capabilities is not None:
            self.start_notification_server(capabilities)
        self.logind = self._mock(["--system", "--template", "logind"], self.system, "org.freedesktop.login1",
                                 "/org/freedesktop/login1")
        self.logind.AddSession("c1", "seat0", dbus.UInt32(os.getuid()), "user", True, interface=MOCK)
        self.opened = self.directory / "opened.jsonl"
        self.daemon = None
        self.daemons = []

    def start(self, arguments):
        """Starts a program of the test's desktop (a real notification server, say)."""
        process = subprocess.Popen(arguments, env=self.environment, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        self.processes.append(process)
        return process

    def _bus(self, name, services=None):
        path = self.directory / name
        configuration = ["--session", f"--address=unix:path={path}"]
        if services is not None:
            services.mkdir()
            (self.directory / f"{name}.conf").write_text(SESSION_BUS_CONFIGURATION.format(path=path, services=services))
            configuration = [f"--config-file={self.directory / f'{name}.conf'}"]
        # dbus-daemon prints its address once it listens: reading that line waits for it,
        # where the socket file alone may exist before anything accepts on it.
        process = subprocess.Popen(
            ["dbus-daemon", *configuration, "--nofork", "--nopidfile", "--print-address=1"],
            stdout=subprocess.PIPE, stderr=open(self.directory / f"{name}-bus.log", "w"), text=True)
        self.processes.append(process)
        if not process.stdout.readline().strip():
            raise RuntimeError(f"the {name} bus did not start")
        process.stdout.close()
        return f"unix:path={path}"

    def add_service(self, name, command):
        """Makes the session bus start `command` (a list, absolute paths) when a call
        goes to `name` and nobody owns it (an activation bus: `activation=True`)."""
        (self.services / f"{name}.service").write_text(
            f"[D-BUS Service]\nName={name}\nExec={' '.join(command)}\n")

    def _mock(self, arguments, bus, name, path):
        process = subprocess.Popen(["/usr/bin/python3", "-m", "dbusmock", *arguments], env=self.environment,
                                   stdout=subprocess.DEVNULL)
        wait(name, lambda: bus.name_has_owner(name))
        self.processes.append(process)
        return bus.get_object(name, path)

    def start_notification_server(self, capabilities):
        parameters = json.dumps({"capabilities": " ".join(capabilities)})
        self.server_process_index = len(self.processes)
        self.server = self._mock(["--template", "notification_daemon", "-p", parameters], self.session,
                                 NOTIFICATIONS, "/org/freedesktop/Notifications")

    def stop_notification_server(self):
        process = self.processes.pop(self.server_process_index)
        process.terminate()
        process.wait()
        wait("the server to leave", lambda: not self.session.name_has_owner(NOTIFICATIONS))

    # The notification server's side

    def notify_calls(self):
        return [plain(arguments) for _, method, arguments in self.server.GetCalls(interface=MOCK) if method == "Notify"]

    def calls(self):
        return [(str(method), plain(arguments)) for _, method, arguments in self.server.GetCalls(interface=MOCK)]

    def wait_for_notify(self, count=1):
        return wait(f"{count} Notify call(s)", lambda: len(self.notify_calls()) >= count and self.notify_calls())

    def emit(self, member, signature, arguments):
        self.server.get_dbus_method("EmitSignal", MOCK)(NOTIFICATIONS, member, signature, arguments, signature="sssav")

    def press(self, notification_id, key):
        self.emit("ActionInvoked", "us", [dbus.UInt32(notification_id), key])

    def set_locked(self, locked):
        session = self.system.get_object("org.freedesktop.login1", "/org/freedesktop/login1/session/c1")
        session.SetLockedHint(locked, interface="org.freedesktop.login1.Session")

    # The daemon's side

    def serve(self, *extra):
        self.daemon = self.start_daemon(self.directory / "data", *extra, log="daemon.log")
        self.url = self.daemon.url
        self.token = self.daemon.admin_token
        return self.url

    def start_daemon(self, data, *extra, log=None):
        """A `herald serve --desktop on` on this desktop with its data in `data`, its
        output in `log` (in the test's directory); stopped with the desktop. `serve`
        starts the test's own."""
        bin_dir = self.directory / "bin"
        bin_dir.mkdir(exist_ok=True)
        opener = bin_dir / "xdg-open"
        opener.write_text("#!/usr/bin/python3\nimport json, os, sys\n"
                          f"open({str(self.opened)!r}, 'a').write(json.dumps("
                          "{'url': sys.argv[1], 'token': os.environ.get('XDG_ACTIVATION_TOKEN')}) + '\\n')\n")
        opener.chmod(0o755)
        environment = dict(self.environment, PATH=f"{bin_dir}:{os.environ['PATH']}",
                           XDG_DATA_HOME=str(self.directory / "xdg"))
        daemon = HeraldDaemon(data, "--virtual-clock", "--policy", "grant-all", "--desktop", "on", *extra,
                              env=environment, log=self.directory / (log or f"{pathlib.Path(data).name}.log"))
        self.daemons.append(daemon)
        return daemon

    def request(self, method, path, body=None, daemon=None, token=None):
        """Calls the API of `daemon` (the test's own by default) as its admin, or as the
        app whose `token` is given."""
        daemon = daemon or self.daemon
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(daemon.url + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {token or daemon.admin_token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
            return json.loads(text) if text else None

    def app(self, slug, action, body=None):
        return self.request("POST", f"/apps/{slug}/api/{action}", body)

    def advance(self, seconds):
        return self.request("POST", "/v1/debug/clock", {"advanceSeconds": seconds})

    def now(self):
        return self.request("GET", "/v1/clock")["now"]

    def opened_urls(self):
        if not self.opened.exists():
            return []
        return [json.loads(line) for line in self.opened.read_text().splitlines()]

    def close(self):
        for daemon in self.daemons:
            daemon.stop(timeout=15)
        for process in reversed(self.processes):
            process.terminate()
            process.wait()


@pytest.fixture
def desktop_factory():
    made = []

    def make(capabilities=("actions", "body", "body-markup", "persistence"), environment=None, activation=False):
        directory = tempfile.mkdtemp(prefix="herald-desktop-")
        desktop = Desktop(directory, None if capabilities is None else list(capabilities), environment, activation)
        made.append(desktop)
        return desktop

    yield make
    for desktop in made:
        desktop.close()


@pytest.fixture
def desktop(desktop_factory):
    return desktop_factory()
