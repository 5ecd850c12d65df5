"""Focus and the scheduled summary in the web center, as a person sets and sees them."""

import datetime

from helpers import DEFAULT_ACTION, allowed_app, schedule

CHAT = "com.example.chat"
MAIL = "com.example.mail"


def open_focus_panel(center):
    if center.find("#focus-panel").get_attribute("hidden") is not None:
        center.find("#focus-settings").click()
    center.visible("#focus-panel")


def focus_settings(center):
    return center.daemon.request("GET", "/v1/focus")["settings"]


def make_focus(center, name, allowed):
    """Makes a Focus in the editor that lets `allowed` through, and saves it."""
    open_focus_panel(center)
    center.find("#focus-new").click()
    center.visible("#focus-editor")
    center.find("#focus-name").send_keys(name)
    for app in allowed:
        center.find(f'#focus-apps .focus-app[data-app="{app}"]').click()
    center.find("#focus-save").click()
    center.wait().until(lambda d: [m["name"] for m in focus_settings(center)["focusModes"]] == [name])
    center.wait().until(lambda d: center.find("#focus-editor").get_attribute("hidden") is not None)


def daemon_now(center):
    return datetime.datetime.fromisoformat(center.daemon.request("GET", "/v1/clock")["now"].replace("Z", "+00:00"))


def test_a_focus_lets_only_its_apps_interrupt(center):
    chat = allowed_app(center, CHAT, "Chat")
    mail = allowed_app(center, MAIL, "Mail")
    make_focus(center, "Work", [MAIL])
    mode = focus_settings(center)["focusModes"][0]
    assert mode["allowedApps"] == [{"app": MAIL}]
    assert "Allows Mail" in center.find(f'#focus-modes .focus-mode[data-focus="{mode["identifier"]}"]').text

    center.find("#focus-on").click()
    center.wait().until(lambda d: "Work is on" in center.find("#focus-now").text)
    assert center.find("#focus-now").get_attribute("data-quiet") == "true"
    assert center.daemon.request("GET", "/v1/focus")["state"]["focus"]["identifier"] == mode["identifier"]

    schedule(center, CHAT, chat, "chat-1", "Lunch?", "From Anna")
    schedule(center, MAIL, mail, "mail-1", "Invoice", "Due today")
    center.daemon.advance(60)
    banner = center.visible(f'#banners .banner[data-app="{MAIL}"]')
    assert banner.find_element("css selector", ".card-title").text == "Invoice"
    # Chat's notification went quietly to its list, without a banner.
    center.visible(f'{center.section(CHAT)} .delivered-item')
    assert center.find_all(f'#banners .banner[data-app="{CHAT}"]') == []
    center.screenshot("focus.png")

    center.find("#focus-off").click()
    center.wait().until(lambda d: "No Focus is on" in center.find("#focus-now").text or
                        "off by hand" in center.find("#focus-now").text)
    assert center.daemon.request("GET", "/v1/focus")["state"].get("focus") is None


def test_the_summary_card_gathers_what_waited_most_relevant_first(center):
    chat = allowed_app(center, CHAT, "Chat")
    now = daemon_now(center).astimezone()
    at = (now + datetime.timedelta(hours=2)).replace(second=0, microsecond=0)
    open_focus_panel(center)
    center.find("#summary-time-add").click()
    center.driver.execute_script(
        "document.querySelector('.summary-time-input').value = arguments[0]", at.strftime("%H:%M"))
    center.find("#summary-save").click()
    center.wait().until(lambda d: focus_settings(center)["summaryTimes"] == [at.strftime("%H:%M")])

    section = center.section(CHAT)
    center.find(f"{section} .settings-button").click()
    center.visible(f"{section} .pref-summary").click()
    center.wait().until(lambda d: center.daemon.request(
        "GET", f"/v1/apps/{CHAT}/preferences")["inScheduledSummary"] is True)

    for identifier, title, score, thread in [
        ("low", "Newsletter", 0.1, "news"), ("high", "Anna: dinner?", 0.9, "anna"), ("mid", "Anna: 7pm", 0.5, "anna"),
    ]:
        schedule(center, CHAT, chat, identifier, title, relevanceScore=score, threadIdentifier=thread)
    center.daemon.advance(60)
    center.wait().until(lambda d: len(center.find_all(f"{section} .delivered-item.held-for-summary")) == 3)
    assert center.find_all("#banners .banner") == []
    assert "Waiting for the summary" in center.find(f"{section} .held-note").text
    # After a reload the list still says which wait: the daemon's list carries `heldUntil`.
    center.driver.refresh()
    center.wait_live()
    center.wait().until(lambda d: len(center.find_all(f"{section} .delivered-item.held-for-summary")) == 3)

    seconds = (at - daemon_now(center)).total_seconds()
    center.daemon.advance(seconds)
    card = center.visible("#summary")
    groups = card.find_elements("css selector", ".summary-group")
    assert [g.get_attribute("data-thread") for g in groups] == ["anna", "news"]
    titles = [t.text for t in card.find_elements("css selector", ".summary-item .card-title")]
    assert titles == ["Anna: dinner?", "Anna: 7pm", "Newsletter"]
    center.driver.execute_script("document.getElementById('summary').scrollIntoView()")
    center.screenshot("summary.png")

    first = card.find_element("css selector", ".summary-item .card")
    delivery = first.get_attribute("data-delivery")
    center.record_events()
    first.find_element("css selector", ".card-body").click()
    center.wait().until(lambda d: any(
        e["response"]["delivery"]["id"] == delivery and e["response"]["actionIdentifier"] == DEFAULT_ACTION
        for e in center.events("responded")))
    center.wait().until(lambda d: len(center.find_all("#summary .summary-item")) == 2)

    # The desktop's summary notification opens `/?summary`: the card reads again from
    # the daemon, without the one answered.
    center.driver.get(f"{center.daemon.url}/?summary")
    center.wait_live()
    center.wait().until(lambda d: [t.text for t in center.find_all("#summary .summary-item .card-title")] ==
                        ["Anna: 7pm", "Newsletter"])
