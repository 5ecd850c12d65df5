"""A browser without a session gets the sign-in page, which says how to get in
and signs in with the admin token, back to the page it asked for."""

import urllib.error
import urllib.request

from conftest import BrowserPage


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
    assert "herald open" in text and "admin-token" in text and "/login?token=" in text
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


def test_a_refused_token_says_so_and_keeps_where_to_go(apps_daemon, desktop):
    page = SignInPage(desktop)
    desktop.get(apps_daemon.url + "/login?token=wrong&next=/apps/nag-me/")
    sign_in_page_shown(page)
    assert page.visible("#refused").text.startswith("That token or code was not accepted.")
    assert page.find('input[name="next"]').get_attribute("value") == "/apps/nag-me/"
    page.find("#token").send_keys(apps_daemon.admin_token)
    page.find('#signin-form button[type="submit"]').click()
    page.wait().until(lambda d: d.current_url == apps_daemon.url + "/apps/nag-me/")
