"""What `herald serve` prints about the web notification center: on a terminal, an
address with a one-time sign-in code (good once); anywhere else (a log file, the
journal of the user service, which others may read later) no code and never the
admin token, only how to sign in.

Run by scripts/test (pytest). Needs the built `.build/debug/herald`.
"""

import os
import pathlib
import pty
import re
import select
import subprocess
import sys
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HERALD, HeraldDaemon, database_arguments  # noqa: E402  (after the path it lives on)

ARGUMENTS = ["--virtual-clock", "--no-bundled-apps", "--desktop", "off"]


def test_without_a_terminal_serve_prints_no_code_and_no_token(tmp_path):
    data = tmp_path / "data"
    daemon = HeraldDaemon(data, *ARGUMENTS)
    try:
        deadline = time.monotonic() + 30
        while "notification center" not in daemon.read_log() and time.monotonic() < deadline:
            time.sleep(0.05)
        log = daemon.read_log()
        line = next(line for line in log.splitlines() if "notification center" in line)
        assert f"herald open --data-dir {data}" in line, line
        assert "hsc_" not in log and "login" not in log and daemon.admin_token not in log, log
    finally:
        daemon.stop()


def read_until(descriptor, pattern, seconds=60):
    """What the terminal shows until `pattern` appears in it."""
    text = ""
    deadline = time.monotonic() + seconds
    while not re.search(pattern, text) and time.monotonic() < deadline:
        ready, _, _ = select.select([descriptor], [], [], 0.5)
        if ready:
            try:
                text += os.read(descriptor, 4096).decode(errors="replace")
            except OSError:
                break
    return text


def test_on_a_terminal_serve_prints_an_address_that_signs_in_once(tmp_path):
    data = tmp_path / "data"
    terminal, other_end = pty.openpty()
    process = subprocess.Popen(
        [str(HERALD), "serve", "--port", "0", "--data-dir", str(data), *database_arguments(data), *ARGUMENTS],
        stdin=subprocess.DEVNULL, stdout=other_end, stderr=other_end)
    os.close(other_end)
    try:
        text = read_until(terminal, r"login\?code=hsc_[A-Za-z0-9_-]{43}")
        address = re.search(r"http://\S+/login\?code=hsc_[A-Za-z0-9_-]{43}", text)
        assert address, text
        token = (data / "admin-token").read_text().strip()
        assert token not in text
        with urllib.request.urlopen(address.group(0), timeout=10) as answer:
            assert answer.status == 200
            assert answer.headers["Set-Cookie"].startswith("herald_session_")
        try:
            urllib.request.urlopen(address.group(0), timeout=10)
            raise AssertionError("the printed code signed in twice")
        except urllib.error.HTTPError as again:
            assert again.code == 401
    finally:
        process.terminate()
        process.wait(timeout=30)
        os.close(terminal)
