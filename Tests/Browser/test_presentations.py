"""Banners, alerts, answers and dismissals, as a person sees and clicks them."""

from helpers import DISMISS_ACTION, allowed_app, is_red, schedule

APP = "com.example.chat"


def delivered_ids(center, app=APP):
    return [d["id"] for d in center.daemon.request("GET", f"/v1/apps/{app}/delivered")["deliveries"]]


def set_style(center, style, app=APP):
    section = center.section(app)
    center.find(f"{section} .settings-button").click()
    center.visible(f'{section} .pref-style[value="{style}"] + span').click()
    center.wait().until(lambda d: center.daemon.request(
        "GET", f"/v1/apps/{app}/preferences")["alertStyle"] == style)


def test_a_banner_offers_its_actions_and_an_answer_removes_the_delivery(center):
    token = allowed_app(center)
    schedule(center, APP, token, "lunch", "Lunch at noon?", "Anna invites you", sound="default", badge=3)
    section = center.section(APP)
    center.visible(f'{section} .pending-item[data-request="lunch"]')
    assert "After 60 s" in center.find(f'{section} .pending-item[data-request="lunch"]').text

    center.daemon.advance(60)
    banner = center.visible("#banners .banner")
    assert banner.find_element("css selector", ".card-title").text == "Lunch at noon?"
    buttons = banner.find_elements("css selector", ".action-button")
    assert [b.text for b in buttons] == ["Accept", "Decline"]
    assert is_red(buttons[1].value_of_css_property("color"))
    assert not is_red(buttons[0].value_of_css_property("color"))
    assert "destructive" in buttons[1].get_attribute("class")
    center.wait().until(lambda d: center.find(f"{section} .app-badge").text == "3")
    center.visible(f"{section} .delivered-item")
    center.wait().until(lambda d: center.find_all(f"{section} .pending-item") == [])
    assert center.driver.execute_script("return document.body.dataset.beeps") == "1"
    assert "Lunch at noon?" in center.find("#announcer").get_attribute("textContent")
    center.screenshot("center-banner.png")

    delivery = banner.get_attribute("data-delivery")
    center.record_events()
    buttons[1].click()
    center.wait().until(lambda d: any(
        e["response"]["delivery"]["id"] == delivery and e["response"]["actionIdentifier"] == "decline"
        for e in center.events("responded")))
    center.wait().until(lambda d: center.find_all("#banners .banner") == [])
    center.wait().until(lambda d: center.find_all(f"{section} .delivered-item") == [])
    assert delivered_ids(center) == []


def test_the_alert_style_shows_every_action_until_answered(center):
    token = allowed_app(center)
    set_style(center, "alert")
    schedule(center, APP, token, "review", "Review the draft", "Due today")
    center.daemon.advance(60)

    dialog = center.visible("#alert-dialog[open]")
    card = dialog.find_element("css selector", "article.card.alert")
    titles = [b.text for b in card.find_elements("css selector", ".action-button")]
    assert titles == ["Accept", "Decline", "Comment", "Close"]
    assert is_red(card.find_element("css selector", '[data-action="decline"]').value_of_css_property("color"))
    assert center.find_all("#banners .banner") == []
    # The alert has the focus, so the keyboard reaches it first.
    assert center.driver.execute_script(
        "return document.getElementById('alert-dialog').contains(document.activeElement)")
    center.screenshot("alert.png")

    # It stays: the banners' six seconds do not apply, and Escape does not close it.
    center.driver.switch_to.active_element.send_keys("\ue00c")
    assert center.find("#alert-dialog").get_attribute("open") is not None

    center.record_events()
    card.find_element("css selector", '[data-action="comment"]').click()
    field = center.visible("#alert-dialog .reply-input")
    assert field.get_attribute("placeholder") == "Say something"
    field.send_keys("Looks good")
    center.find("#alert-dialog .reply-send").click()
    center.wait().until(lambda d: any(
        e["response"]["actionIdentifier"] == "comment" and e["response"]["userText"] == "Looks good"
        for e in center.events("responded")))
    center.wait().until(lambda d: center.find("#alert-dialog").get_attribute("open") is None)
    assert delivered_ids(center) == []


def test_clicking_the_card_is_the_default_action(center):
    token = allowed_app(center)
    schedule(center, APP, token, "ping", "Ping", "Tap me")
    center.daemon.advance(60)
    center.record_events()
    center.visible("#banners .banner .card-body").click()
    center.wait().until(lambda d: any(
        e["response"]["actionIdentifier"] == "com.apple.UNNotificationDefaultActionIdentifier"
        for e in center.events("responded")))
    center.wait().until(lambda d: delivered_ids(center) == [])


def test_closing_reports_the_dismissal_only_when_the_category_asks(center):
    token = allowed_app(center)
    set_style(center, "none")
    schedule(center, APP, token, "plain", "Plain", category="invite")
    schedule(center, APP, token, "receipt", "Receipt", category="receipt")
    center.daemon.advance(60)
    section = center.section(APP)
    center.wait().until(lambda d: len(center.find_all(f"{section} .delivered-item")) == 2)
    assert center.find_all("#banners .banner") == []
    center.record_events()

    plain = center.find(f'{section} .delivered-item .card[data-delivery="{delivered_id(center, "plain")}"]')
    plain.find_element("css selector", ".card-close").click()
    center.wait().until(lambda d: len(delivered_ids(center)) == 1)
    center.wait().until(lambda d: len(center.find_all(f"{section} .delivered-item")) == 1)

    receipt_id = delivered_id(center, "receipt")
    center.find(f'{section} .card[data-delivery="{receipt_id}"] .card-close').click()
    center.wait().until(lambda d: delivered_ids(center) == [])
    center.wait().until(lambda d: center.events("responded") != [])
    responses = [e["response"] for e in center.events("responded")]
    assert [(r["delivery"]["id"], r["actionIdentifier"]) for r in responses] == [(receipt_id, DISMISS_ACTION)]
    center.wait().until(lambda d: center.find_all(f"{section} .delivered-item") == [])


def test_a_delivered_card_keeps_the_category_it_was_made_with(center):
    """The app registers other categories after the delivery: its card still offers
    the actions it was made with, and closing it still reports the dismissal."""
    token = allowed_app(center)
    set_style(center, "none")
    schedule(center, APP, token, "receipt", "Receipt", category="receipt")
    center.daemon.advance(60)
    section = center.section(APP)
    center.wait().until(lambda d: len(center.find_all(f"{section} .delivered-item")) == 1)
    receipt_id = delivered_id(center, "receipt")
    changed = {"identifier": "receipt", "actions": [{"identifier": "later", "title": "Later", "options": []}],
               "options": []}
    center.daemon.request("PUT", f"/v1/apps/{APP}/categories", {"categories": [changed]}, token=token)
    center.driver.refresh()
    center.wait_live()
    card = f'{section} .delivered-item .card[data-delivery="{receipt_id}"]'
    center.present(card)
    assert center.find_all(f"{card} .card-actions .action-button") == []
    center.record_events()

    center.find(f"{card} .card-close").click()
    center.wait().until(lambda d: center.events("responded") != [])
    responses = [e["response"] for e in center.events("responded")]
    assert [(r["delivery"]["id"], r["actionIdentifier"]) for r in responses] == [(receipt_id, DISMISS_ACTION)]


def delivered_id(center, request_identifier, app=APP):
    deliveries = center.daemon.request("GET", f"/v1/apps/{app}/delivered")["deliveries"]
    return next(d["id"] for d in deliveries if d["request"]["identifier"] == request_identifier)


def test_reconnecting_or_reloading_never_shows_a_delivery_twice(center):
    token = allowed_app(center)
    schedule(center, APP, token, "once", "Only once")
    center.daemon.advance(60)
    center.visible("#banners .banner")
    section = center.section(APP)

    center.driver.execute_script("window.herald.reconnect()")
    center.wait_live()
    schedule(center, APP, token, "twice", "Second one")
    center.daemon.advance(60)
    center.wait().until(lambda d: len(center.find_all(f"{section} .delivered-item")) == 2)
    banners = [b.get_attribute("data-delivery") for b in center.find_all("#banners .banner")]
    assert len(banners) == len(set(banners)) == 2

    center.driver.refresh()
    center.wait_live()
    center.wait().until(lambda d: len(center.find_all(f"{section} .delivered-item")) == 2)
    assert center.find_all("#banners .banner") == []
    items = [i.get_attribute("data-delivery") for i in center.find_all(f"{section} .delivered-item")]
    assert sorted(items) == sorted(delivered_ids(center))


def test_an_unanswered_alert_comes_back_once_after_a_reload(center):
    token = allowed_app(center)
    set_style(center, "alert")
    schedule(center, APP, token, "wake", "Wake up")
    center.daemon.advance(60)
    center.visible("#alert-dialog[open]")

    center.driver.refresh()
    center.wait_live()
    center.visible("#alert-dialog[open]")
    cards = center.find_all("#alert-dialog article.card")
    assert len(cards) == 1 and cards[0].get_attribute("data-delivery") == delivered_ids(center)[0]
    assert center.find("#alert-queue").get_attribute("hidden") is not None


def test_an_answer_that_opens_the_app_goes_to_its_page(center):
    token = allowed_app(center)
    # Only the bundled apps have pages; give this one a page in the center's own state,
    # through the action that reads the apps in.
    center.driver.execute_script(
        "const { order, apps } = window.herald.state;"
        "window.herald.store.dispatch({ type: 'appsRead', apps: order.map((id) => "
        f"id === '{APP}' ? {{ ...apps[id].app, pageURL: '/v1/health' }} : apps[id].app) }})")
    schedule(center, APP, token, "first", "First")
    schedule(center, APP, token, "second", "Second")
    center.daemon.advance(60)
    section = center.section(APP)
    center.wait().until(lambda d: len(center.find_all(f"{section} .delivered-item")) == 2)

    # A background action stays on the center; a foreground one opens the app's page.
    first = delivered_id(center, "first")
    center.find(f'{section} .card[data-delivery="{first}"] [data-action="decline"]').click()
    center.wait().until(lambda d: len(delivered_ids(center)) == 1)
    center.wait().until(lambda d: len(center.find_all(f"{section} .delivered-item")) == 1)
    assert center.driver.current_url == center.daemon.url + "/"
    second = delivered_id(center, "second")
    center.find(f'{section} .card[data-delivery="{second}"] [data-action="accept"]').click()
    center.wait().until(lambda d: d.current_url == center.daemon.url + "/v1/health")
    assert delivered_ids(center) == []


def test_desktop_notifications_show_presented_deliveries_once_allowed(center):
    token = allowed_app(center)
    center.driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": center.daemon.url, "permissions": ["notifications"]})
    center.driver.execute_script("""
        window.shownOnDesktop = [];
        const Browser = window.Notification;
        window.Notification = class extends Browser {
            constructor(title, options) { super(title, options); window.shownOnDesktop.push([title, options.body]); }
        };
    """)
    toggle = center.find("#desktop-notifications")
    toggle.click()
    center.wait().until(lambda d: toggle.is_selected())
    center.wait().until(lambda d: center.find("#status").text in (
        "Desktop notifications are on.", "Chat may send notifications."))

    schedule(center, APP, token, "desk", "On the desktop", "Also in the browser")
    center.daemon.advance(60)
    center.visible("#banners .banner")
    shown = center.driver.execute_script("return window.shownOnDesktop")
    assert shown == [["On the desktop", "Also in the browser"]]


def test_a_half_typed_reply_in_the_list_stays_while_the_list_is_read_again(center):
    token = allowed_app(center)
    schedule(center, APP, token, "first", "First")
    center.daemon.advance(60)
    section = center.section(APP)
    first = center.visible(f"{section} .delivered-item").get_attribute("data-delivery")
    card = f'{section} .delivered-item[data-delivery="{first}"]'
    center.find(f'{card} [data-action="comment"]').click()
    field = center.visible(f"{card} .reply-input")
    center.wait().until(lambda d: d.switch_to.active_element == field)
    field.send_keys("half typed")

    # A second delivery makes the center read the list again: the first item, its
    # field and what is typed in it stay as they are.
    schedule(center, APP, token, "second", "Second")
    center.daemon.advance(60)
    center.wait().until(lambda d: len(center.find_all(f"{section} .delivered-item")) == 2)
    assert field.get_attribute("value") == "half typed"
    assert center.driver.switch_to.active_element == field
    field.send_keys(" and sent")
    center.find(f"{card} .reply-send").click()
    center.wait().until(lambda d: first not in delivered_ids(center))
