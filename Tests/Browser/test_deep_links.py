"""Deep links into the center, as the desktop presenter opens them: `/?app=<identifier>`
for a notification of an app without a page of its own, and
`/?reply=<delivery id>&action=<action>` for a text-input action that the desktop's
notification server cannot take text for."""

from conftest import Center
from helpers import allowed_app, schedule

APP = "com.example.chat"
GONE = "That notification was already answered or removed."


def open_link(center, query):
    """Opens the center at `/?query` in the signed-in browser, as xdg-open would."""
    center.driver.get(f"{center.daemon.url}/?{query}")
    center.wait_live()


def delivered(center, app=APP):
    """The app's delivered notifications, by request identifier."""
    deliveries = center.daemon.request("GET", f"/v1/apps/{app}/delivered")["deliveries"]
    return {d["request"]["identifier"]: d["id"] for d in deliveries}


def focused(center):
    return center.driver.execute_script("return document.activeElement")


def test_a_reply_link_selects_the_app_focuses_the_reply_field_and_sends_the_typed_reply(center):
    allowed_app(center)
    todo = "com.example.todo"
    token = allowed_app(center, todo, "Todo")
    schedule(center, todo, token, "lunch", "Lunch at noon?", "Anna invites you")
    schedule(center, todo, token, "review", "Review the draft", "Due today", seconds=30)
    center.daemon.advance(60)
    ids = delivered(center, todo)
    assert set(ids) == {"lunch", "review"}

    open_link(center, f"reply={ids['lunch']}&action=comment")
    section = center.section(todo)
    card = f'{section} .delivered-item[data-delivery="{ids["lunch"]}"]'
    field = center.visible(f"{card} .reply-input")
    center.wait().until(lambda d: focused(center) == field)
    assert field.get_attribute("placeholder") == "Say something"
    assert center.find(f'#app-tabs .app-tab[data-app="{todo}"]').get_attribute("aria-current") == "true"
    assert center.find_all(f'{section} .delivered-item[data-delivery="{ids["review"]}"] .card-reply') == []
    assert center.driver.current_url == f"{center.daemon.url}/", "the link leaves the address, so a reload does not follow it"
    assert center.driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight", field)
    center.screenshot("deep-link-reply.png")

    center.record_events()
    center.driver.switch_to.active_element.send_keys("See you there")
    center.find(f"{card} .reply-send").click()
    center.wait().until(lambda d: any(
        e["response"]["delivery"]["id"] == ids["lunch"] and e["response"]["actionIdentifier"] == "comment"
        and e["response"]["userText"] == "See you there"
        for e in center.events("responded")))
    center.wait().until(lambda d: delivered(center, todo) == {"review": ids["review"]})
    center.wait().until(lambda d: center.find_all(card) == [])
    assert center.find("#status").text == "Answer sent."


def test_a_reply_link_to_an_answered_or_unknown_notification_only_says_so(center):
    token = allowed_app(center)
    schedule(center, APP, token, "lunch", "Lunch at noon?", "Anna invites you")
    center.daemon.advance(60)
    lunch = delivered(center)["lunch"]
    center.daemon.request("POST", f"/v1/deliveries/{lunch}/response", {"actionIdentifier": "accept"})

    for query in (f"reply={lunch}&action=comment", "reply=0192f4a0-0000-7000-8000-00000000dead&action=comment"):
        open_link(center, query)
        center.wait().until(lambda d: center.find("#status").text == GONE)
        assert "error" not in center.find("#status").get_attribute("class")
        assert center.find_all(".card-reply") == []
        assert focused(center) == center.find("body")


def test_a_reply_link_for_an_action_without_text_input_opens_nothing(center):
    token = allowed_app(center)
    schedule(center, APP, token, "lunch", "Lunch at noon?", "Anna invites you")
    center.daemon.advance(60)
    lunch = delivered(center)["lunch"]
    open_link(center, f"reply={lunch}&action=accept")
    center.wait().until(lambda d: center.find("#status").text == "That notification has no reply “accept”.")
    assert center.find_all(".card-reply") == []
    assert delivered(center) == {"lunch": lunch}, "a link never answers by itself"


def test_an_app_link_selects_that_app(daemon, phone):
    center = Center(daemon, phone)
    allowed_app(center, APP, "Chat")
    allowed_app(center, "com.example.todo", "Todo")
    chat, todo = center.section(APP), center.section("com.example.todo")
    center.wait().until(lambda d: center.find(chat).is_displayed())

    open_link(center, "app=com.example.todo")
    center.wait().until(lambda d: center.find(todo).is_displayed())
    assert not center.find(chat).is_displayed()
    tab = center.find('#app-tabs .app-tab[data-app="com.example.todo"]')
    assert tab.get_attribute("aria-current") == "true"
    assert focused(center) == center.find(f"{todo} .app-name")
    center.screenshot("deep-link-app.png")

    open_link(center, "app=com.example.nope")
    center.wait().until(lambda d: center.find("#status").text == "There is no app “com.example.nope”.")
    center.wait().until(lambda d: center.find(chat).is_displayed())
    assert not center.find(todo).is_displayed()
