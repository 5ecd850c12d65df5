"""`herald serve --desktop on` on a desktop of mocks: the bundled apps' reminders
reach the notification server as exact Notify calls, and what the user does there
(a button, a click, a dismissal, a server restart, a locked session) reaches the
apps. Run by scripts/desktop-tests."""

import datetime
import time

from conftest import wait


def in_a_minute(desktop):
    now = datetime.datetime.fromisoformat(desktop.now().replace("Z", "+00:00"))
    return (now + datetime.timedelta(minutes=2)).replace(second=0, microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def signed_in_page(desktop, address):
    """Follows what a notification opened as a browser would: a sign-in page file,
    owner-only, whose form posts a one-time code to the daemon, which goes on to a
    page. Returns that page's path; the code is on no command line and works once,
    and the file is deleted once used."""
    import os
    import re
    import stat
    import urllib.error
    import urllib.parse
    import urllib.request

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *arguments):
            return None

    assert address.startswith("file:///"), address
    path = urllib.parse.unquote(urllib.parse.urlparse(address).path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    page = open(path).read()
    code = re.search(r'name="code" value="(hsc_[A-Za-z0-9_-]{43})"', page).group(1)
    next_page = re.search(r'name="next" value="([^"]*)"', page).group(1)
    assert f'action="{desktop.url}/login"' in page
    assert code not in address and desktop.token not in address and desktop.token not in page

    def post():
        form = urllib.parse.urlencode({"code": code, "next": next_page}).encode()
        request = urllib.request.Request(f"{desktop.url}/login", data=form, method="POST",
                                         headers={"Origin": "null"})
        return urllib.request.build_opener(NoRedirect).open(request, timeout=10)

    with post() as answer:
        assert answer.status == 200
        assert answer.headers["Set-Cookie"].startswith("herald_session_")
        location = re.search(r'<meta name="herald-next" content="([^"]*)">', answer.read().decode()).group(1)
    assert not os.path.exists(path), "the page is deleted once used"
    try:
        post()
        raise AssertionError("a sign-in code worked twice")
    except urllib.error.HTTPError as again:
        assert again.code == 303 and "refused=1" in again.headers["Location"]
    return location


def shopping_reminder(desktop):
    desktop.app("shopping-list", "addItem", {"name": "Milk"})
    desktop.app("shopping-list", "scheduleReminder", {"date": in_a_minute(desktop)})
    desktop.advance(180)
    return desktop.wait_for_notify()[-1]


def test_shopping_list_delete_pressed_on_the_desktop_empties_the_list_without_the_app(desktop):
    desktop.serve()
    call = shopping_reminder(desktop)
    app_name, replaces, icon, summary, body, actions, hints, timeout = call
    assert app_name == "Shopping List"
    assert replaces == 0
    assert (icon, summary, body) == ("", "Shopping List", "Hey, you must go shopping, remember?")
    assert actions == ["default", "Open", "trashAction", "Delete list", "editList", "Edit list"]
    assert hints == {"desktop-entry": "herald-app.herald.shopping-list", "urgency": 1, "suppress-sound": True}
    assert timeout == -1, "a banner expires as the server decides"
    desktop.press(1, "trashAction")
    wait("the list to be emptied", lambda: desktop.app("shopping-list", "state")["items"] == [])
    assert desktop.opened_urls() == [], "a background action does not open the app"


def test_a_click_opens_the_app_page_with_the_activation_token(desktop):
    url = desktop.serve()
    shopping_reminder(desktop)
    desktop.emit("ActivationToken", "us", [1, "token-42"])
    desktop.press(1, "default")
    opened = wait("the app to open", desktop.opened_urls)
    assert len(opened) == 1 and opened[0]["token"] == "token-42"
    assert signed_in_page(desktop, opened[0]["url"]) == "/apps/shopping-list/"


def test_nag_me_cancel_stops_the_nagging(desktop):
    desktop.serve()
    desktop.app("nag-me", "addTask", {"title": "Walk Dog"})
    desktop.app("nag-me", "toggle", {"title": "Walk Dog"})
    desktop.advance(61)
    call = desktop.wait_for_notify()[-1]
    assert list(call[5]) == ["default", "Open", "cancel", "Cancel"]
    desktop.press(1, "cancel")
    wait("the reminder to stop", lambda: desktop.request("GET", "/v1/apps/app.herald.nag-me/requests")["requests"] == [])
    assert desktop.app("nag-me", "list")["tasks"] == [{"bell": False, "title": "Walk Dog"}]
    opened = wait("Cancel, a foreground action, to open the app", desktop.opened_urls)
    assert len(opened) == 1
    assert signed_in_page(desktop, opened[0]["url"]) == "/apps/nag-me/"
    before = len(desktop.notify_calls())
    desktop.advance(120)
    assert len(desktop.notify_calls()) == before, "no more nagging after Cancel"


def test_locked_session_holds_delete_until_unlock(desktop):
    desktop.serve()
    shopping_reminder(desktop)
    desktop.set_locked(True)
    wait("the daemon to see the lock", lambda: "the session is locked" in (desktop.directory / "daemon.log").read_text())
    desktop.press(1, "trashAction")
    time.sleep(0.5)  # the daemon has had time to act, and must not have
    assert desktop.app("shopping-list", "state")["items"] != [], "Delete list waits while the session is locked"
    desktop.set_locked(False)
    again = desktop.wait_for_notify(2)[1]
    assert again[5] == ["default", "Open", "trashAction", "Delete list", "editList", "Edit list"]
    desktop.press(again[1] or 2, "trashAction")
    wait("the list to be emptied", lambda: desktop.app("shopping-list", "state")["items"] == [])


def test_a_restarted_server_gets_the_unanswered_alert_again(desktop):
    desktop.serve()
    desktop.request("PATCH", "/v1/apps/app.herald.shopping-list/preferences", {"alertStyle": "alert"})
    first = shopping_reminder(desktop)
    assert first[5] == ["default", "Open", "justInform", "OK, got it", "editList", "Edit list", "trashAction", "Delete list"]
    assert first[7] == 0, "an alert stays until answered"
    desktop.stop_notification_server()
    desktop.start_notification_server(["actions", "body"])
    again = desktop.wait_for_notify()[-1]
    assert again[5] == first[5] and again[3:5] == first[3:5]
    desktop.press(1, "justInform")
    wait("the answer", lambda: desktop.request("GET", "/v1/apps/app.herald.shopping-list/delivered")["deliveries"] == [])


def test_desktop_on_without_a_session_bus_is_a_clear_error(tmp_path):
    from conftest import HERALD
    import os
    import subprocess
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR")}
    result = subprocess.run([str(HERALD), "serve", "--port", "0", "--data-dir", str(tmp_path / "data"),
                             "--desktop", "on"], env=environment, capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    assert "--desktop on, but the desktop cannot be reached" in result.stderr
    assert "DBUS_SESSION_BUS_ADDRESS is not set" in result.stderr


def test_each_app_gets_a_desktop_file_removed_with_it(desktop):
    desktop.serve()
    applications = desktop.directory / "xdg" / "applications"
    bundled = wait("the bundled apps' three .desktop files",
                   lambda: (names := sorted(path.name for path in applications.glob("*.desktop"))) and len(names) >= 3 and names)
    assert bundled == ["herald-app.herald.nag-me.desktop", "herald-app.herald.shopping-list.desktop",
                       "herald-app.herald.todo.desktop"]
    shopping = (applications / "herald-app.herald.shopping-list.desktop").read_text()
    assert "\nName=Shopping List\n" in shopping
    assert f"\nExec=xdg-open {desktop.url}/apps/shopping-list/\n" in shopping
    desktop.request("POST", "/v1/apps", {"identifier": "com.example.cli", "name": "CLI Demo"})
    entry = applications / "herald-com.example.cli.desktop"
    wait("the new app's .desktop file", entry.exists)
    assert "\nName=CLI Demo\n" in entry.read_text()
    desktop.request("DELETE", "/v1/apps/com.example.cli")
    wait("the removed app's .desktop file to go", lambda: not entry.exists())


def test_a_second_daemon_of_the_user_leaves_the_first_ones_desktop_files(desktop):
    desktop.serve()
    applications = desktop.directory / "xdg" / "applications"
    desktop.request("POST", "/v1/apps", {"identifier": "com.example.first", "name": "First"})
    first = applications / "herald-com.example.first.desktop"
    wait("the first daemon's app's .desktop file", first.exists)
    mark = [line for line in first.read_text().splitlines() if line.startswith("X-Herald-Daemon=")]
    assert len(mark) == 1 and len(mark[0]) == len("X-Herald-Daemon=") + 16, mark

    second = desktop.start_daemon(desktop.directory / "second")
    shopping = applications / "herald-app.herald.shopping-list.desktop"
    # The second daemon's start rewrites the bundled apps' files (their pages are on its
    # port) and then removes what it takes for stale; an app registered after that is
    # written after it, on the presenter's one queue.
    wait("the second daemon's start", lambda: f"xdg-open {second.url}/apps/" in shopping.read_text())
    desktop.request("POST", "/v1/apps", {"identifier": "com.example.second", "name": "Second"}, daemon=second)
    wait("the second daemon's app's .desktop file", (applications / "herald-com.example.second.desktop").exists)
    assert first.exists(), "the second daemon removed the first one's .desktop file"
    assert mark[0] not in shopping.read_text()

