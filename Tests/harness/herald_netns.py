"""Two machines on one: network namespaces joined by a veth pair (`ip netns`, root only),
each with a `herald serve` of its own, for the test and the benchmark of devices on other
machines. Import it after `herald_daemon`'s directory is on the path:

    sys.path.insert(0, str(ROOT / "Tests" / "harness"))
    from herald_netns import machines
"""

import contextlib
import json
import os
import pathlib
import shutil
import signal
import subprocess
import tempfile
import time
import uuid

from herald_daemon import HERALD

SERVICE_ADDRESS = "10.201.0.1"
DEVICE_ADDRESS = "10.201.0.2"


def available():
    """Whether this process can make network namespaces: root, iproute2 and curl."""
    return os.geteuid() == 0 and shutil.which("ip") is not None and shutil.which("curl") is not None


def run(*command, check=True):
    return subprocess.run(command, check=check, capture_output=True, text=True, timeout=120)


class Machine:
    """A network namespace with one end of the veth pair, and a `herald serve` in it."""

    def __init__(self, name, address, veth, herald):
        self.name, self.address, self.veth, self.herald_path = name, address, veth, str(herald or HERALD)
        self.data_dir = pathlib.Path(tempfile.mkdtemp(prefix=f"herald-{name}-"))
        self.log = self.data_dir / "daemon.log"
        self.process = None

    def exec(self, *command):
        return ["ip", "netns", "exec", self.name, *command]

    def herald(self, *arguments, check=True):
        """`herald arguments…` in this namespace, against this machine's daemon."""
        result = subprocess.run(
            self.exec(self.herald_path, *arguments), capture_output=True, text=True, timeout=120,
            env={**os.environ, "HERALD_DATA_DIR": str(self.data_dir)})
        if check:
            assert result.returncode == 0, f"herald {' '.join(arguments)}: {result.stdout} {result.stderr}"
        return result

    def serve(self, *arguments):
        announcement = self.data_dir / "daemon.json"
        if announcement.exists():
            announcement.unlink()
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(
                self.exec(self.herald_path, "serve", "--data-dir", str(self.data_dir), "--policy", "grant-all",
                          "--desktop", "off", *arguments),
                stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"herald serve exited: {self.log.read_text()}"
            if announcement.exists():
                try:
                    return json.loads(announcement.read_text())
                except ValueError:
                    pass
            time.sleep(0.05)
        raise AssertionError(f"herald serve did not start: {self.log.read_text()}")

    def kill(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


@contextlib.contextmanager
def machines(herald=None):
    """A service machine and a device machine, joined; removed on exit. `herald` is the
    executable they run (the debug build by default)."""
    suffix = uuid.uuid4().hex[:6]
    service = Machine(f"herald-svc-{suffix}", SERVICE_ADDRESS, f"hs{suffix}", herald)
    device = Machine(f"herald-dev-{suffix}", DEVICE_ADDRESS, f"hd{suffix}", herald)
    for machine in (service, device):
        run("ip", "netns", "add", machine.name)
        run(*machine.exec("ip", "link", "set", "lo", "up"))
    run("ip", "link", "add", service.veth, "type", "veth", "peer", "name", device.veth)
    for machine in (service, device):
        run("ip", "link", "set", machine.veth, "netns", machine.name)
        run(*machine.exec("ip", "addr", "add", f"{machine.address}/24", "dev", machine.veth))
        run(*machine.exec("ip", "link", "set", machine.veth, "up"))
    try:
        yield service, device
    finally:
        for machine in (service, device):
            machine.kill()
            run("ip", "netns", "delete", machine.name, check=False)
            # The logs stay for a failed run to be read: the last run's, in the temporary directory.
            kept = pathlib.Path(tempfile.gettempdir()) / f"herald-netns-last-{machine.name.split('-')[1]}.log"
            shutil.copyfile(machine.log, kept) if machine.log.exists() else None
            shutil.rmtree(machine.data_dir, ignore_errors=True)


