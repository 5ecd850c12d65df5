"""Fixtures for the web notification center's browser tests.

Each test gets its own daemon (the already built `.build/debug/herald`, on a
free port, a fresh data directory, the virtual clock and the `ask` policy;
`apps_daemon` also serves the bundled apps) and its own headless Chromium
signed in through `/login?code=…`, a one-time code: the page it answers keeps
the session's key in the tab's sessionStorage, as every sign-in does.
"""

import json
import os
import pathlib
import shutil
import sys
import tempfile
import threading
import urllib.error
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HERALD, HeraldDaemon  # noqa: E402  (after the path it lives on)
# Screenshots go under .build unless HERALD_SCREENSHOTS names another directory;
# `HERALD_SCREENSHOTS=docs/screenshots scripts/browser-tests` refreshes the README's.
SCREENSHOTS = pathlib.Path(os.environ.get("HERALD_SCREENSHOTS", ROOT / ".build" / "screenshots"))
DESKTOP = (1280, 900)
PHONE = (375, 812)


class APIError(Exception):
    """A non-2xx answer: the HTTP status and the `{"error": {...}}` body."""

    def __init__(self, status, body):
        super().__init__(f"{status}: {body}")
        self.status = status
        self.code = (body or {}).get("error", {}).get("code")


class Daemon:
    """A running `herald serve` (started by Tests/harness) and a small client of its API."""

    def __init__(self, bundled_apps=False):
        self.data_dir = tempfile.mkdtemp(prefix="herald-browser-")
        arguments = ["--virtual-clock", "--policy", "ask", "--desktop", "off"]
        if not bundled_apps:
            arguments.append("--no-bundled-apps")
        self.server = HeraldDaemon(self.data_dir, *arguments)
        self.process = self.server.process
        self.url = self.server.url
        self.admin_token = self.server.admin_token

    def read_log(self):
        return self.server.read_log()

    @property
    def login_url(self):
        """An address that signs a browser in once, within 60 s (a new one-time code each time)."""
        return f"{self.url}/login?code={self.request('POST', '/v1/sessions/codes')['code']}"

    def request(self, method, path, body=None, token="admin"):
        """Calls the API with the admin token (default), an app's token, or none."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if body is not None:
            request.add_header("Content-Type", "application/json")
        if token is not None:
            request.add_header("Authorization", f"Bearer {self.admin_token if token == 'admin' else token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                text = response.read().decode()
                return json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            raise APIError(error.code, json.loads(text) if text else None) from None

    def register(self, identifier, name):
        """Registers an app; returns its token."""
        return self.request("POST", "/v1/apps", {"identifier": identifier, "name": name})["token"]

    def request_authorization(self, app, token, options=("alert", "sound", "badge")):
        """The app asks to send notifications; the call waits for the user, so it runs
        on a thread. Returns the thread; its `result` is the answer or the error."""
        outcome = {}

        def ask():
            try:
                outcome["result"] = self.request(
                    "POST", f"/v1/apps/{app}/authorization", {"options": list(options)}, token=token)
            except APIError as error:
                outcome["result"] = error

        thread = threading.Thread(target=ask, daemon=True)
        thread.outcome = outcome
        thread.start()
        return thread

    def advance(self, seconds):
        return self.request("POST", "/v1/debug/clock", {"advanceSeconds": seconds})

    def stop(self):
        self.server.stop(timeout=10)
        shutil.rmtree(self.data_dir, ignore_errors=True)


def make_browser(size):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--autoplay-policy=no-user-gesture-required", f"--window-size={size[0]},{size[1]}"):
        options.add_argument(argument)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size == PHONE})
    return driver


class BrowserPage:
    """What every page object does: find, wait for and photograph what the page shows."""

    driver = None

    def wait(self, timeout=10):
        return WebDriverWait(self.driver, timeout)

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def find_all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def visible(self, selector, timeout=10):
        return self.wait(timeout).until(EC.visibility_of_element_located((By.CSS_SELECTOR, selector)))

    def present(self, selector, timeout=10):
        return self.wait(timeout).until(EC.presence_of_element_located((By.CSS_SELECTOR, selector)))

    def screenshot(self, name):
        """Saves the page once its animations have finished."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.wait().until(lambda d: d.execute_script(
            "return document.getAnimations().every((a) => a.playState !== 'running')"))
        self.driver.save_screenshot(str(SCREENSHOTS / name))


class Center(BrowserPage):
    """The notification center in a browser, driven as a person would."""

    def __init__(self, daemon, driver):
        self.daemon = daemon
        self.driver = driver
        driver.get(daemon.login_url)
        self.wait_live()

    def wait_live(self):
        self.present('#connection[data-state="live"]')

    def section(self, app):
        return f'section.app-section[data-app="{app}"]'

    def record_events(self):
        """Listens to the event stream from the page, as the center does."""
        self.driver.execute_script("""
            window.recorded = [];
            const key = sessionStorage.getItem('herald.sessionKey');
            const socket = new WebSocket(`ws://${location.host}/v1/events`, ['herald', `herald-key.${key}`]);
            socket.onmessage = (message) => window.recorded.push(JSON.parse(message.data));
            socket.onopen = () => { window.recorderOpen = true; };
        """)
        self.wait().until(lambda d: d.execute_script("return window.recorderOpen === true"))

    def events(self, type_):
        return [e for e in self.driver.execute_script("return window.recorded") if e["type"] == type_]

    def allow(self, app, token, name):
        """The app asks; the person clicks Allow. Returns the app's answer."""
        thread = self.daemon.request_authorization(app, token)
        self.visible("#auth-dialog[open] #auth-allow")
        assert self.find("#auth-title").text == f"“{name}” Would Like to Send You Notifications"
        self.find("#auth-allow").click()
        thread.join(10)
        self.wait().until(lambda d: not self.find("#auth-dialog").get_attribute("open"))
        return thread.outcome["result"]


def start_daemon(bundled_apps=False):
    if not HERALD.exists():
        pytest.fail(f"{HERALD} is missing: run `swift build --product herald` (scripts/browser-tests does)")
    return Daemon(bundled_apps=bundled_apps)


@pytest.fixture
def daemon():
    running = start_daemon()
    yield running
    running.stop()


@pytest.fixture
def apps_daemon():
    """A daemon serving the bundled apps (Shopping List, Todo, Nag Me) under /apps/{slug}/."""
    running = start_daemon(bundled_apps=True)
    yield running
    running.stop()


def close_browser(driver):
    """Quits, after checking that the page threw no uncaught JavaScript error."""
    errors = [entry["message"] for entry in driver.get_log("browser") if entry["source"] == "javascript"]
    driver.quit()
    assert errors == [], f"JavaScript errors: {errors}"


@pytest.fixture
def desktop():
    driver = make_browser(DESKTOP)
    yield driver
    close_browser(driver)


@pytest.fixture
def phone():
    driver = make_browser(PHONE)
    yield driver
    close_browser(driver)


@pytest.fixture
def center(daemon, desktop):
    return Center(daemon, desktop)


@pytest.fixture
def phone_center(daemon, phone):
    return Center(daemon, phone)
