"""Starting and stopping `herald serve` for the Python test suites.

Used by Tests/Browser (selenium), Tests/Desktop (python-dbusmock, under Debian's
/usr/bin/python3) and Tests/System (crash and restart). Standard library only, so
it runs under any Python 3 those suites use. A suite puts this directory on
`sys.path` and imports it:

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "harness"))
    from herald_daemon import HeraldDaemon

    daemon = HeraldDaemon(data_dir, "--virtual-clock", "--policy", "grant-all", "--desktop", "off")
    ... daemon.url, daemon.admin_token ...
    daemon.stop()
"""

import hashlib
import json
import os
import pathlib
import signal
import subprocess
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The already built daemon; HERALD_BINARY names another one.
HERALD = pathlib.Path(os.environ.get("HERALD_BINARY", ROOT / ".build" / "debug" / "herald"))


def database_arguments(data_dir):
    """`--database URL` when the suites run against PostgreSQL (HERALD_TEST_DATABASE=postgres,
    with HERALD_TEST_POSTGRES_URL, which scripts/test sets): a schema named after the data
    directory, so that a daemon restarted on it finds its notifications again."""
    url = os.environ.get("HERALD_TEST_POSTGRES_URL", "")
    if os.environ.get("HERALD_TEST_DATABASE") != "postgres" or not url:
        return []
    schema = "d_" + hashlib.sha256(str(pathlib.Path(data_dir).resolve()).encode()).hexdigest()[:24]
    return ["--database", url + ("&" if "?" in url else "?") + "schema=" + schema]


class DaemonDidNotStart(RuntimeError):
    """`herald serve` exited, or did not answer in time; the message ends with its log."""


class HeraldDaemon:
    """One `herald serve --port 0 --data-dir DATA_DIR ARGUMENTS…` process, started and
    waited for: once constructed it listens (`url`) and its admin token is read.

    Its output goes to `log` (by default `DATA_DIR/daemon.log`), appended to, so a
    restarted daemon's log follows the last one's. `env` is the daemon's environment
    (by default this process's). With HERALD_TEST_DATABASE=postgres it keeps its
    notifications in PostgreSQL (`database_arguments`); `database` names the database URL
    itself, for nodes sharing one. A `daemon.json` left by a daemon that was killed is
    removed first, so the announcement waited for is this daemon's."""

    def __init__(self, data_dir, *arguments, env=None, log=None, timeout=30, database=None):
        self.data_dir = pathlib.Path(data_dir)
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.announcement = self.data_dir / "daemon.json"
        self.log_path = pathlib.Path(log) if log is not None else self.data_dir / "daemon.log"
        if self.announcement.exists():
            self.announcement.unlink()
        with open(self.log_path, "a") as log:
            self.process = subprocess.Popen(
                [str(HERALD), "serve", "--port", "0", "--data-dir", str(self.data_dir),
                 *(["--database", database] if database else database_arguments(self.data_dir)), *arguments],
                env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            self.url = self._wait_until_ready(timeout)
            self.admin_token = (self.data_dir / "admin-token").read_text().strip()
        except BaseException:
            self.kill()
            raise

    def _wait_until_ready(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise DaemonDidNotStart(f"herald serve exited with {self.process.returncode}: {self.read_log()}")
            try:
                url = json.loads(self.announcement.read_text())["url"]
                urllib.request.urlopen(url + "/v1/health", timeout=2).read()
                return url
            except (OSError, ValueError, KeyError):
                time.sleep(0.05)
        raise DaemonDidNotStart(f"herald serve did not start within {timeout} s: {self.read_log()}")

    def read_log(self):
        """Everything the daemon (and those before it on this data directory) printed."""
        try:
            return self.log_path.read_text()
        except OSError:
            return ""

    @property
    def running(self):
        return self.process.poll() is None

    def stop(self, timeout=15):
        """Stops the daemon with SIGTERM (SIGKILL if it has not exited after `timeout`
        seconds) and returns its exit status."""
        if self.running:
            self.process.terminate()
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return self.kill()

    def kill(self):
        """Kills the daemon with SIGKILL, as a crash would, and returns its exit status."""
        if self.running:
            self.process.send_signal(signal.SIGKILL)
        return self.process.wait()
