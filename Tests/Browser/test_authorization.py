"""The authorization prompt and the Settings panel."""

import time

import pytest

from conftest import APIError, Center
from helpers import allowed_app, schedule


def open_settings(center, app):
    section = center.section(app)
    center.find(f"{section} .settings-button").click()
    center.visible(f"{section} .settings-panel")
    return section


def test_allow_shows_the_prompt_and_the_app_is_allowed_in_settings(center):
    token = center.daemon.register("com.example.chat", "Chat")
    thread = center.daemon.request_authorization("com.example.chat", token)

    center.visible("#auth-dialog[open]")
    assert center.find("#auth-title").text == "“Chat” Would Like to Send You Notifications"
    assert "alerts, sounds and icon badges" in center.find("#auth-message").text
    # The prompt takes the focus, on Allow.
    assert center.driver.switch_to.active_element.get_attribute("id") == "auth-allow"
    center.screenshot("authorization-prompt.png")

    center.find("#auth-allow").click()
    thread.join(10)
    assert thread.outcome["result"] == {"granted": True}
    center.wait().until(lambda d: center.find("#auth-dialog").get_attribute("open") is None)

    section = open_settings(center, "com.example.chat")
    center.wait().until(lambda d: center.find(f"{section} .pref-allow").is_selected())
    assert center.find(f'{section} .pref-style[value="banner"]').is_selected()
    assert center.find(f"{section} .pref-sounds").is_selected()
    assert center.find(f"{section} .pref-badges").is_selected()
    center.screenshot("settings.png")


def test_dont_allow_refuses_the_apps_requests(center):
    token = center.daemon.register("com.example.spam", "Spam")
    thread = center.daemon.request_authorization("com.example.spam", token)
    center.visible("#auth-dialog[open] #auth-deny").click()
    thread.join(10)
    assert thread.outcome["result"] == {"granted": False}

    with pytest.raises(APIError) as refused:
        schedule(center, "com.example.spam", token, "promo", "Buy now")
    assert refused.value.code == "notificationsNotAllowed"

    section = open_settings(center, "com.example.spam")
    center.wait().until(lambda d: center.find(f"{section} .settings-panel").get_attribute("data-status") == "denied")
    assert not center.find(f"{section} .pref-allow").is_selected()
    assert not center.find(f'{section} .pref-style[value="alert"]').is_enabled()
    assert "may not send notifications" in center.find(f"{section} .settings-note").text


def test_a_prompt_waiting_before_the_page_opened_is_shown(daemon, desktop):
    token = daemon.register("com.example.early", "Early Bird")
    thread = daemon.request_authorization("com.example.early", token)
    # The request reaches the daemon before the page opens: the page finds it in the list.
    deadline = time.monotonic() + 10
    while not daemon.request("GET", "/v1/authorization-prompts")["prompts"] and time.monotonic() < deadline:
        time.sleep(0.05)

    center = Center(daemon, desktop)
    center.visible("#auth-dialog[open]")
    assert center.find("#auth-title").text == "“Early Bird” Would Like to Send You Notifications"
    center.find("#auth-deny").click()
    thread.join(10)
    assert thread.outcome["result"] == {"granted": False}


def test_settings_switches_change_the_apps_preferences(center):
    allowed_app(center)
    section = open_settings(center, "com.example.chat")
    center.find(f'{section} .pref-style[value="none"] + span').click()
    center.wait().until(lambda d: center.daemon.request(
        "GET", "/v1/apps/com.example.chat/preferences")["alertStyle"] == "none")
    center.find(f"{section} .pref-sounds").click()
    center.wait().until(lambda d: center.daemon.request(
        "GET", "/v1/apps/com.example.chat/preferences")["soundsEnabled"] is False)
    center.find(f"{section} .pref-badges").click()
    center.wait().until(lambda d: center.daemon.request(
        "GET", "/v1/apps/com.example.chat/preferences")["badgesEnabled"] is False)

    center.find(f"{section} .pref-allow").click()
    center.wait().until(lambda d: center.daemon.request(
        "GET", "/v1/apps/com.example.chat/settings")["authorizationStatus"] == "denied")
    center.wait().until(lambda d: not center.find(f"{section} .pref-sounds").is_enabled())

    center.find(f"{section} .pref-allow").click()
    center.wait().until(lambda d: center.daemon.request(
        "GET", "/v1/apps/com.example.chat/settings")["authorizationStatus"] == "authorized")
    center.wait().until(lambda d: center.find(f"{section} .pref-sounds").is_enabled())
    center.wait().until(lambda d: "settings saved" in center.find("#status").text)


def test_a_provisional_app_delivers_quietly_and_keep_authorizes_it(center):
    token = center.daemon.register("com.example.news", "News")
    center.present(f'{center.section("com.example.news")} .app-name')
    # Provisional authorization is granted at once: no prompt.
    result = center.daemon.request(
        "POST", "/v1/apps/com.example.news/authorization", {"options": ["provisional", "alert", "sound"]}, token=token)
    assert result == {"granted": True}
    assert center.find("#auth-dialog").get_attribute("open") is None

    center.daemon.request("POST", "/v1/apps/com.example.news/requests", {
        "identifier": "story", "content": {"title": "Morning briefing", "sound": "default"},
        "trigger": {"type": "timeInterval", "interval": 60, "repeats": False}}, token=token)
    center.daemon.advance(60)
    section = center.section("com.example.news")
    center.find(f'.app-tab[data-app="com.example.news"]').click()
    keep = center.visible(f"{section} .delivered-item .provisional-keep")
    # Quietly: in the list, with no banner on screen.
    assert not center.driver.find_elements("css selector", "#banners .card")
    assert "Delivered quietly" in center.find(f"{section} .card-provisional").text
    center.screenshot("provisional.png")

    keep.click()
    center.wait().until(lambda d: center.daemon.request(
        "GET", "/v1/apps/com.example.news/preferences")["authorizationStatus"] == "authorized")
    center.wait().until(lambda d: not center.find(f"{section} .provisional-keep").is_displayed())
    assert center.daemon.request("GET", "/v1/apps/com.example.news/settings", token=token)["alertSetting"] == "enabled"


def test_turn_off_denies_a_provisional_app(center):
    token = center.daemon.register("com.example.promo", "Promo")
    center.present(f'{center.section("com.example.promo")} .app-name')
    center.daemon.request(
        "POST", "/v1/apps/com.example.promo/authorization", {"options": ["provisional"]}, token=token)
    center.daemon.request("POST", "/v1/apps/com.example.promo/requests", {
        "identifier": "sale", "content": {"title": "Sale"}, "trigger": None}, token=token)
    section = center.section("com.example.promo")
    center.find(f'.app-tab[data-app="com.example.promo"]').click()
    center.visible(f"{section} .delivered-item .provisional-off").click()
    center.wait().until(lambda d: center.daemon.request(
        "GET", "/v1/apps/com.example.promo/preferences")["authorizationStatus"] == "denied")
    with pytest.raises(APIError) as refused:
        schedule(center, "com.example.promo", token, "again", "Sale", category="")
    assert refused.value.code == "notificationsNotAllowed"


def test_an_app_with_settings_of_its_own_offers_them_in_settings(center):
    token = center.daemon.register("com.example.tuned", "Tuned")
    thread = center.daemon.request_authorization(
        "com.example.tuned", token, options=("alert", "sound", "providesAppNotificationSettings"))
    center.visible("#auth-dialog[open] #auth-allow").click()
    thread.join(10)
    assert thread.outcome["result"] == {"granted": True}

    section = open_settings(center, "com.example.tuned")
    button = center.visible(f"{section} .app-settings-button")
    assert button.text == "Tuned Notification Settings"
    button.click()
    center.wait().until(lambda d: "asked to open its notification settings" in center.find("#status").text)


def test_an_app_without_settings_of_its_own_does_not_offer_them(center):
    allowed_app(center, "com.example.plain", "Plain")
    section = open_settings(center, "com.example.plain")
    assert not center.find(f"{section} .app-settings-button").is_displayed()
    with pytest.raises(APIError) as refused:
        center.daemon.request("POST", "/v1/apps/com.example.plain/settings/open", {})
    assert refused.value.code == "invalidResponse"


def test_an_app_asking_to_show_its_settings_opens_them_in_the_center(center):
    token = allowed_app(center, "com.example.tuned", "Tuned")
    other = allowed_app(center, "com.example.other", "Other")
    center.find('#app-tabs .app-tab[data-app="com.example.other"]').click()
    center.daemon.request("POST", "/v1/apps/com.example.tuned/settings/show", token=token)
    section = center.section("com.example.tuned")
    center.visible(f"{section} .settings-panel")
    assert center.find('#app-tabs .app-tab[data-app="com.example.tuned"]').get_attribute("aria-current") == "true"
    assert "asked to show its notification settings" in center.find("#status").text
    assert other
