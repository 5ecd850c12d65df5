"""A push from a server, on the desktop: a push with its app's category becomes a
desktop notification with the category's actions, and the action pressed there reaches
the app. The server's side is curl over HTTP/2 with a provider token signed by openssl,
as any APNs client signs it. Run by scripts/desktop-tests."""

import base64
import json
import subprocess
import time

from conftest import wait

APP = "com.example.chat"


def base64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def der_to_raw(signature):
    """An ECDSA signature as openssl writes it (DER: a SEQUENCE of r and s) as JWT's ES256
    wants it: r and s, 32 bytes each."""
    assert signature[0] == 0x30
    index = 2 if signature[1] < 0x80 else 3
    parts = []
    for _ in range(2):
        assert signature[index] == 0x02
        length = signature[index + 1]
        parts.append(signature[index + 2:index + 2 + length].lstrip(b"\0").rjust(32, b"\0"))
        index += 2 + length
    return b"".join(parts)


def provider_token(p8, key_id, team):
    signing_input = (base64url(json.dumps({"alg": "ES256", "kid": key_id}).encode()) + "."
                     + base64url(json.dumps({"iss": team, "iat": int(time.time())}).encode()))
    signature = subprocess.run(["openssl", "dgst", "-sha256", "-sign", str(p8)], input=signing_input.encode(),
                               capture_output=True, check=True).stdout
    return signing_input + "." + base64url(der_to_raw(signature))


def test_a_pushed_notification_shows_its_actions_on_the_desktop_and_the_action_reaches_the_app(desktop):
    desktop.serve("--push-port", "0", "--push-plaintext")
    push_url = json.loads((desktop.directory / "data" / "daemon.json").read_text())["pushURL"]
    token = desktop.request("POST", "/v1/apps", {"identifier": APP, "name": "Chat"})["token"]
    # The app, as on iOS: its category, its authorization, its device token.
    desktop.request("PUT", f"/v1/apps/{APP}/categories", {"categories": [
        {"identifier": "message", "actions": [{"identifier": "like", "title": "Like"}]}]}, token=token)
    desktop.request("POST", f"/v1/apps/{APP}/authorization", {"options": ["alert", "sound"]}, token=token)
    device_token = desktop.request("POST", "/v1/push/registration", {}, token=token)["deviceToken"]
    # The provider: its key, registered once, and a push signed with it.
    p8 = desktop.directory / "AuthKey_CHATKEY001.p8"
    subprocess.run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", str(p8)],
                   check=True)
    desktop.request("POST", "/v1/push/keys", {"identifier": "CHATKEY001", "team": "CHATTEAM01",
                                              "p8": p8.read_text(), "topics": [APP]})
    pushed = subprocess.run(
        ["curl", "--silent", "--show-error", "--http2-prior-knowledge", "--write-out", "%{http_code}",
         "--header", "authorization: bearer " + provider_token(p8, "CHATKEY001", "CHATTEAM01"),
         "--header", f"apns-topic: {APP}", "--header", "apns-push-type: alert",
         "--data", json.dumps({"aps": {"alert": {"title": "Ana", "body": "Lunch at noon?"}, "category": "message"},
                               "thread": 7}),
         f"{push_url}/3/device/{device_token}"],
        capture_output=True, text=True, timeout=60)
    assert pushed.stdout == "200", (pushed.stdout, pushed.stderr)

    app_name, _, _, summary, body, actions, hints, _ = desktop.wait_for_notify()[-1]
    assert (app_name, summary, body) == ("Chat", "Ana", "Lunch at noon?")
    assert actions[-2:] == ["like", "Like"]
    desktop.press(1, "like")
    responses = wait("the response to reach the app",
                     lambda: desktop.request("GET", f"/v1/apps/{APP}/responses", token=token)["responses"])
    assert [response["actionIdentifier"] for response in responses] == ["like"]
    assert responses[0]["delivery"]["request"]["content"]["userInfo"]["thread"] == 7
    assert responses[0]["delivery"]["request"]["trigger"]["type"] == "push"
