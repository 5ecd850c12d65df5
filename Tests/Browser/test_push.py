"""A push from a server, in the web notification center: it shows as a banner with its
category's actions, like a local notification, and the answer reaches the app."""

from helpers import allowed_app

APP = "com.example.chat"


def test_a_pushed_notification_is_a_banner_whose_answer_reaches_the_app(center):
    token = allowed_app(center)
    device = center.daemon.request("POST", "/v1/push/registration", {}, token=token)["deviceToken"]
    center.record_events()
    sent = center.daemon.request("POST", "/v1/push/send", {
        "deviceToken": device, "collapseID": "lunch",
        "payload": {"aps": {"alert": {"title": "Lunch at noon?", "body": "Anna invites you"}, "category": "invite",
                            "badge": 1}, "room": 42}})
    assert sent["status"] == 200, sent

    banner = center.visible("#banners .banner")
    assert banner.find_element("css selector", ".card-title").text == "Lunch at noon?"
    assert [b.text for b in banner.find_elements("css selector", ".action-button")] == ["Accept", "Decline"]
    section = center.section(APP)
    center.visible(f'{section} .delivered-item')
    center.screenshot("push-banner.png")

    # A second push with the same collapse id replaces it: one banner, one delivery, the new text.
    center.daemon.request("POST", "/v1/push/send", {
        "deviceToken": device, "collapseID": "lunch",
        "payload": {"aps": {"alert": {"title": "Lunch at one?", "body": "Anna moved it"}, "category": "invite"}}})
    center.wait().until(lambda d: [c.text for c in center.find_all(f"{section} .delivered-item .card-title")]
                        == ["Lunch at one?"])
    deliveries = center.daemon.request("GET", f"/v1/apps/{APP}/delivered")["deliveries"]
    assert [d["request"]["identifier"] for d in deliveries] == ["lunch"]
    assert deliveries[0]["request"]["trigger"]["type"] == "push"

    banner = center.visible("#banners .banner")
    center.wait().until(lambda d: banner.find_element("css selector", ".card-title").text == "Lunch at one?")
    delivery = banner.get_attribute("data-delivery")
    banner.find_elements("css selector", ".action-button")[0].click()
    center.wait().until(lambda d: any(
        e["response"]["delivery"]["id"] == delivery and e["response"]["actionIdentifier"] == "accept"
        for e in center.events("responded")))
    waiting = center.daemon.request("GET", f"/v1/apps/{APP}/responses", token=token)["responses"]
    assert [r["actionIdentifier"] for r in waiting] == ["accept"]
