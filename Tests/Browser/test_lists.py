"""Badges, the scheduled list and the phone-width layout."""

from conftest import Center
from helpers import allowed_app, schedule

APP = "com.example.chat"


def test_badge_changes_show_live_and_can_be_set(center):
    token = allowed_app(center)
    section = center.section(APP)
    badge = f"{section} .app-badge"
    tab_badge = f'#app-tabs .app-tab[data-app="{APP}"] .app-tab-badge'
    assert not center.find(badge).is_displayed()

    center.daemon.request("PUT", f"/v1/apps/{APP}/badge", {"badge": 5}, token=token)
    center.wait().until(lambda d: center.find(badge).text == "5")
    assert center.find(tab_badge).text == "5"

    field = center.find(f"{section} .badge-input")
    field.clear()
    field.send_keys("2")
    center.find(f"{section} .badge-set").click()
    center.wait().until(lambda d: center.daemon.request("GET", f"/v1/apps/{APP}/badge")["badge"] == 2)
    center.wait().until(lambda d: center.find(badge).text == "2")

    center.find(f"{section} .badge-clear").click()
    center.wait().until(lambda d: center.daemon.request("GET", f"/v1/apps/{APP}/badge")["badge"] == 0)
    center.wait().until(lambda d: not center.find(badge).is_displayed())

    field.clear()
    field.send_keys("-1")
    center.find(f"{section} .badge-set").click()
    center.wait().until(lambda d: "whole number" in center.find("#status").text)
    assert "error" in center.find("#status").get_attribute("class")


def test_scheduled_requests_are_listed_and_can_be_cancelled(center):
    token = allowed_app(center)
    section = center.section(APP)
    schedule(center, APP, token, "soon", "Soon", seconds=60)
    schedule(center, APP, token, "later", "Later", seconds=7200)
    center.wait().until(lambda d: len(center.find_all(f"{section} .pending-item")) == 2)
    items = center.find_all(f"{section} .pending-item")
    assert [i.get_attribute("data-request") for i in items] == ["soon", "later"]
    assert "in 1 min" in items[0].text and "in 2 h" in items[1].text

    items[1].find_element("css selector", ".pending-cancel").click()
    center.wait().until(lambda d: len(center.find_all(f"{section} .pending-item")) == 1)
    pending = center.daemon.request("GET", f"/v1/apps/{APP}/requests")["requests"]
    assert [p["request"]["identifier"] for p in pending] == ["soon"]


def test_removed_apps_leave_and_new_apps_arrive_live(center):
    center.daemon.register("com.example.one", "One")
    center.visible(center.section("com.example.one"))
    center.daemon.register("com.example.two", "Two")
    center.visible(f'#app-tabs .app-tab[data-app="com.example.two"]')
    center.daemon.request("DELETE", "/v1/apps/com.example.one")
    center.wait().until(lambda d: center.find_all(center.section("com.example.one")) == [])
    assert center.find_all(center.section("com.example.two")) != []


def test_browser_requests_need_the_session_key(center):
    status = center.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/v1/apps/none/badge', {method: 'PUT', credentials: 'same-origin',
          headers: {'Content-Type': 'application/json'}, body: '{"badge": 1}'})
          .then(async (r) => done([r.status, (await r.json()).error.code]));
    """)
    assert status == [401, "sessionKeyRequired"]


def test_phone_width_has_tabs_and_no_horizontal_scroll(daemon, phone):
    center = Center(daemon, phone)
    token = allowed_app(center, "com.example.chat", "Chat")
    allowed_app(center, "com.example.todo", "Todo List With A Rather Long Name")
    schedule(center, APP, token, "standup", "Stand-up in 5 minutes",
             "Room 4 — bring the release notes and the numbers from last week", sound="default", badge=1)
    center.daemon.advance(60)
    center.visible("#banners .banner")
    chat = center.section("com.example.chat")
    todo = center.section("com.example.todo")
    center.visible(f"{chat} .delivered-item")

    width = center.driver.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth, window.innerWidth]")
    assert width[2] == 375
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"
    banner = center.find("#banners .banner").rect
    assert banner["x"] >= 0 and banner["x"] + banner["width"] <= 375
    center.screenshot("phone.png")

    assert center.find(chat).is_displayed() and not center.find(todo).is_displayed()
    center.find('#app-tabs .app-tab[data-app="com.example.todo"]').click()
    center.wait().until(lambda d: center.find(todo).is_displayed())
    assert not center.find(chat).is_displayed()
    assert center.find('#app-tabs .app-tab[data-app="com.example.todo"]').get_attribute("aria-current") == "true"

    center.find(f"{todo} .settings-button").click()
    center.visible(f"{todo} .settings-panel")
    width = center.driver.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1], f"the settings scroll sideways: {width}"
    center.screenshot("phone-settings.png")


def test_the_daemons_error_is_shown_in_the_status_line(center):
    allowed_app(center)
    section = center.section(APP)
    field = center.find(f"{section} .badge-input")
    field.clear()
    field.send_keys("100000000000000000000")
    center.find(f"{section} .badge-set").click()
    center.wait().until(lambda d: "(badRequest)" in center.find("#status").text)
    assert "error" in center.find("#status").get_attribute("class")
    assert center.find("#status").get_attribute("aria-live") == "polite"
