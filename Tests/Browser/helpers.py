"""What several browser tests set up: an allowed app with a category, a scheduled request."""

import re

DEFAULT_ACTION = "com.apple.UNNotificationDefaultActionIdentifier"
DISMISS_ACTION = "com.apple.UNNotificationDismissActionIdentifier"

INVITE = {
    "identifier": "invite",
    "actions": [
        {"identifier": "accept", "title": "Accept", "options": ["foreground"]},
        {"identifier": "decline", "title": "Decline", "options": ["destructive"]},
        {"identifier": "comment", "title": "Comment",
         "textInput": {"buttonTitle": "Send", "placeholder": "Say something"}},
    ],
    "options": [],
}

RECEIPT = {"identifier": "receipt", "actions": [], "options": ["customDismissAction"]}


def allowed_app(center, identifier="com.example.chat", name="Chat", categories=(INVITE, RECEIPT)):
    """Registers an app, allows it in the prompt, and gives it categories; returns its token."""
    token = center.daemon.register(identifier, name)
    center.present(f'{center.section(identifier)} .app-name')
    assert center.allow(identifier, token, name) == {"granted": True}
    center.daemon.request("PUT", f"/v1/apps/{identifier}/categories", {"categories": list(categories)}, token=token)
    return token


def schedule(center, app, token, identifier, title, body="", seconds=60, category="invite", **content):
    """Adds a request that fires after `seconds` (with the app's own token)."""
    request = {
        "identifier": identifier,
        "content": {"title": title, "body": body, "categoryIdentifier": category, **content},
        "trigger": {"type": "timeInterval", "interval": seconds, "repeats": False},
    }
    return center.daemon.request("POST", f"/v1/apps/{app}/requests", request, token=token)


def rgb(color):
    """`rgb(…)`/`rgba(…)` as a tuple of three ints."""
    return tuple(int(part) for part in re.findall(r"\d+", color)[:3])


def is_red(color):
    red, green, blue = rgb(color)
    return red > 150 and green < 80 and blue < 80
