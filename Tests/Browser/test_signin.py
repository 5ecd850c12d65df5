"""A browser without a session gets the sign-in page, which says how to get in
and signs in with the admin token, back to the page it asked for; `herald open`
signs in through a page file, with no code on any command line."""

import os
import pathlib
import re
import stat
import subprocess
import urllib.error
import urllib.parse
import urllib.request

from conftest import HERALD, BrowserPage


class SignInPage(BrowserPage):
    def __init__(self, driver):
        self.driver = driver


def status_and_type(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"]
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"]


def sign_in_page_shown(page):
    page.present("#signin-form")
    text = page.find("main").text
    assert "herald open" in text and "admin-token" in text and "/login?code=" in text
    assert page.driver.title == "Herald — sign in"


def test_the_center_and_an_app_page_show_the_sign_in_page_without_a_session(apps_daemon, desktop):
    page = SignInPage(desktop)
    for path in ("/", "/apps/todo/"):
        assert status_and_type(apps_daemon.url + path) == (401, "text/html; charset=utf-8")
        desktop.get(apps_daemon.url + path)
        sign_in_page_shown(page)
        assert page.find("#refused").get_attribute("hidden") is not None
        assert page.find('input[name="next"]').get_attribute("value") == path
    page.screenshot("sign-in.png")
    # The API keeps its JSON errors.
    assert status_and_type(apps_daemon.url + "/v1/apps") == (401, "application/json; charset=utf-8")

    # The admin token signs this browser in, and it goes on to the page it asked for.
    page.find("#token").send_keys(apps_daemon.admin_token)
    page.find('#signin-form button[type="submit"]').click()
    page.wait().until(lambda d: d.current_url == apps_daemon.url + "/apps/todo/")
    page.present('body[data-connection="foreground"]')


def test_a_refused_code_says_so_and_keeps_where_to_go(apps_daemon, desktop):
    page = SignInPage(desktop)
    desktop.get(apps_daemon.url + "/login?code=wrong&next=/apps/nag-me/")
    sign_in_page_shown(page)
    assert page.visible("#refused").text.startswith("That token or code was not accepted.")
    assert page.find('input[name="next"]').get_attribute("value") == "/apps/nag-me/"
    page.find("#token").send_keys(apps_daemon.admin_token)
    page.find('#signin-form button[type="submit"]').click()
    page.wait().until(lambda d: d.current_url == apps_daemon.url + "/apps/nag-me/")


def test_herald_open_signs_in_through_an_owner_only_page_with_no_code_on_the_command_line(daemon, desktop, tmp_path):
    # A stand-in xdg-open that writes down its command line, as /proc/<pid>/cmdline shows it.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    opener = bin_dir / "xdg-open"
    opener.write_text('#!/bin/sh\nprintf "%s\\n" "$0" "$@" > "$(dirname "$0")/argv"\n')
    opener.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}")
    opened = subprocess.run([str(HERALD), "open", "--data-dir", daemon.data_dir], env=env,
                            capture_output=True, text=True, timeout=60)
    assert opened.returncode == 0, opened.stderr
    argv = (bin_dir / "argv").read_text().splitlines()
    assert len(argv) == 2 and argv[1].startswith("file:///"), argv
    path = urllib.parse.unquote(urllib.parse.urlparse(argv[1]).path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode) == 0o700
    code = re.search(r"hsc_[A-Za-z0-9_-]{43}", pathlib.Path(path).read_text()).group(0)
    assert code not in "\n".join(argv) and daemon.admin_token not in "\n".join(argv)

    # The browser opens the file: its form signs in, and the center goes live.
    page = SignInPage(desktop)
    desktop.get(argv[1])
    page.wait(20).until(lambda d: d.current_url == daemon.url + "/")
    page.present('#connection[data-state="live"]', timeout=20)
    assert not os.path.exists(path), "the page is deleted once used"
    assert desktop.execute_script("return sessionStorage.getItem('herald.sessionKey')").startswith("hsk_")
