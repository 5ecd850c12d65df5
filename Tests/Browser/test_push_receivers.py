"""Herald as a push service, in the center: who receives pushes through it (here a
browser on its push socket, played by Tests/harness/herald_push_socket.py) is listed
with its subscriptions, and the person removes one; its endpoint is refused from then on.
"""

import pathlib
import sys
import urllib.error
import urllib.request

from helpers import allowed_app

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_push_socket import PushClient  # noqa: E402


def post(url):
    request = urllib.request.Request(url, data=b"", headers={"TTL": "60"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_center_lists_the_push_services_receivers_and_removes_a_subscription(center):
    allowed_app(center)
    daemon, driver = center.daemon, center.driver
    client = PushClient(daemon.url)
    try:
        first, first_endpoint = client.register()
        second, second_endpoint = client.register()
        receiver = f"ua:{client.uaid}"
        driver.refresh()
        center.wait_live()
        center.visible("#push-service")
        item = f'#push-receivers .push-receiver[data-receiver="{receiver}"]'
        center.visible(item)
        assert "Browser" in center.find(f"{item} .push-receiver-kind").text
        assert len(center.find_all(f"{item} .push-receiver-remove")) == 2
        center.screenshot("push-receivers.png")
        remove = f'{item} .push-receiver-remove[data-channel="{first}"]'
        driver.execute_script("document.querySelector(arguments[0]).click()", remove)
        center.wait().until(lambda d: [s["channel"] for r in daemon.request("GET", "/v1/push/receivers")["receivers"]
                                       for s in r["subscriptions"]] == [second])
        center.wait().until(lambda d: len(center.find_all(f"{item} .push-receiver-remove")) == 1)
        assert post(first_endpoint) == 404
        assert post(second_endpoint) == 201
    finally:
        client.close()
