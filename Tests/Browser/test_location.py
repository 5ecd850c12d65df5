"""An app asks to use the machine's position; the person answers in the app's Settings."""

from test_authorization import open_settings
from helpers import allowed_app


def location(center, app):
    return center.daemon.request("GET", f"/v1/apps/{app}/location")


def test_the_person_answers_an_apps_location_ask_in_settings(center):
    token = allowed_app(center)
    asked = center.daemon.request(
        "POST", "/v1/apps/com.example.chat/location/authorization", {"access": "whenInUse"}, token=token)
    assert (asked["status"], asked["requested"]) == ("notDetermined", "whenInUse")

    section = open_settings(center, "com.example.chat")
    ask = f"{section} .location-ask"
    center.wait().until(lambda d: center.find(ask).is_displayed())
    assert center.find(ask).text == "“Chat” would like to use your location while you use it. Choose below."
    assert center.find(f'{section} .pref-location[value="notDetermined"]').is_selected()
    # The daemon runs without --location: the center says why reminders would wait.
    assert "Location is off for Chat" in center.find(f"{section} .location-why").text

    center.find(f'{section} .pref-location[value="authorizedWhenInUse"] + span').click()
    center.wait().until(lambda d: location(center, "com.example.chat")["status"] == "authorizedWhenInUse")
    assert location(center, "com.example.chat")["authorizationStatus"] == 4
    center.wait().until(lambda d: not center.find(ask).is_displayed())
    center.wait().until(lambda d: "herald serve --location off" in center.find(f"{section} .location-why").text)

    center.find(f'{section} .pref-location[value="denied"] + span').click()
    center.wait().until(lambda d: location(center, "com.example.chat")["status"] == "denied")
    # An app the person answered asks again in vain.
    again = center.daemon.request(
        "POST", "/v1/apps/com.example.chat/location/authorization", {"access": "whenInUse"}, token=token)
    assert (again["status"], again.get("requested")) == ("denied", None)
