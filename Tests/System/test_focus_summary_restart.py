"""A Focus on a calendar rule and a summary at two times a day, on the daemon's
virtual clock across a restart (issue 39): what waits for the summary arrives
together at the summary time, most relevant first, and nothing is lost or shown
twice; a time-sensitive notification and one of an app not in the summary come at
once.

Run by scripts/test (pytest). Needs the built `.build/debug/herald`.

The person's settings go through `PUT /v1/focus` (body: `focusModes`, `override`,
`summaryTimes`) and `GET /v1/focus` (`state.focus`, `state.nextSummary`), the routes
being added for issue 39; the app's place in the summary through
`PATCH /v1/apps/{app}/preferences`.

`--virtual-clock` starts at the real time at every start: a restart puts the
daemon's clock back to the real time, which is before the summary time the held
notifications wait for (the test keeps it hours ahead, whatever the hour it runs at,
by running the daemon in a fixed-offset zone where it is early afternoon), and the
clock is then moved forward to it.
"""

import datetime
import pathlib
import os
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "harness"))
from herald_daemon import HeraldDaemon  # noqa: E402  (after the path it lives on)
from herald_push import call  # noqa: E402
from herald_webhooks import WebhookReceiver  # noqa: E402

NEWS = "com.example.news"  # in the summary
CHAT = "com.example.chat"  # not in the summary, quieted by the Focus
PAGER = "com.example.pager"  # time-sensitive
RELEVANCE = {"n1": 0.1, "n2": 0.9, "n3": 0.5, "n4": 0.7, "n5": 0.3}
SETTLE = 1.5  # seconds to wait for posts that must not come


def parse_date(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def zone_of_early_afternoon():
    """A fixed-offset zone (`Etc/GMT…`, whose sign is POSIX's, the reverse of ISO's)
    in which it is now 12:xx or 13:xx, so that the summary at 18:00 is 4 to 6 hours
    away and the Focus of 09:00–18:00 is on."""
    hour = datetime.datetime.now(datetime.timezone.utc).hour
    offset = (12 - hour) % 24
    if offset > 14:
        offset -= 24
    name = "Etc/GMT" if offset == 0 else f"Etc/GMT{-offset:+d}"
    return name, offset


def start(data_dir, zone):
    environment = dict(os.environ, TZ=zone)
    return HeraldDaemon(data_dir, "--virtual-clock", "--policy", "grant-all", "--no-bundled-apps",
                        "--desktop", "off", env=environment)


def clock(daemon):
    answer = call(daemon, "GET", "/v1/clock", daemon.admin_token)
    assert answer["isVirtual"]
    return parse_date(answer["now"])


def advance(daemon, seconds):
    call(daemon, "POST", "/v1/debug/clock", daemon.admin_token, {"advanceSeconds": seconds})


def quiet_state(daemon):
    answer = call(daemon, "GET", "/v1/focus", daemon.admin_token)
    return answer["state"]


def test_the_summary_comes_once_at_its_time_in_relevance_order_across_a_restart():
    data_dir = tempfile.mkdtemp(prefix="herald-summary-")
    zone, offset = zone_of_early_afternoon()
    local = datetime.timezone(datetime.timedelta(hours=offset))
    receiver = WebhookReceiver()
    daemon = start(data_dir, zone)
    try:
        admin = daemon.admin_token
        tokens = {}
        for app in (NEWS, CHAT, PAGER):
            credentials = call(daemon, "POST", "/v1/apps", admin,
                                  {"identifier": app, "name": app, "webhookURL": receiver.url})
            tokens[app] = credentials["token"]
            call(daemon, "POST", f"/v1/apps/{app}/authorization", tokens[app], {"options": ["alert", "sound"]})
        preferences = call(daemon, "PATCH", f"/v1/apps/{NEWS}/preferences", admin, {"inScheduledSummary": True})
        assert preferences["inScheduledSummary"] is True
        # Work, 09:00–18:00 every day, lets nothing through but time-sensitive notifications.
        call(daemon, "PUT", "/v1/focus", admin, {
            "focusModes": [{
                "identifier": "work", "name": "Work", "allowedApps": [], "allowsTimeSensitive": True,
                "schedules": [{"weekdays": [1, 2, 3, 4, 5, 6, 7], "start": "09:00", "end": "18:00"}],
            }],
            "override": None,
            "summaryTimes": ["08:00", "18:00"],
        })
        now = clock(daemon).astimezone(local)
        summary_time = now.replace(hour=18, minute=0, second=0, microsecond=0)
        assert now.hour in (12, 13) and summary_time > now
        state = quiet_state(daemon)
        assert state["focus"]["identifier"] == "work", "the calendar rule puts Work on at 12:00–14:00"
        assert parse_date(state["nextSummary"]) == summary_time

        for index, (identifier, relevance) in enumerate(RELEVANCE.items()):
            call(daemon, "POST", f"/v1/apps/{NEWS}/requests", tokens[NEWS], {
                "identifier": identifier,
                "content": {"title": f"News {identifier}", "relevanceScore": relevance, "threadIdentifier": "world"},
                "trigger": {"type": "timeInterval", "interval": 10 * (index + 1), "repeats": False},
            })
        call(daemon, "POST", f"/v1/apps/{CHAT}/requests", tokens[CHAT], {
            "identifier": "chat", "content": {"title": "Lunch?"},
            "trigger": {"type": "timeInterval", "interval": 15, "repeats": False},
        })
        call(daemon, "POST", f"/v1/apps/{PAGER}/requests", tokens[PAGER], {
            "identifier": "page", "content": {"title": "Server down", "interruptionLevel": "timeSensitive"},
            "trigger": {"type": "timeInterval", "interval": 25, "repeats": False},
        })
        advance(daemon, 60)
        assert [post["identifier"] for post in receiver.wait_for(CHAT, 1)] == ["chat"]
        assert [post["identifier"] for post in receiver.wait_for(PAGER, 1)] == ["page"]
        time.sleep(SETTLE)
        assert receiver.delivered(NEWS) == [], "what waits for the summary is not shown before it"
        listed = call(daemon, "GET", f"/v1/apps/{NEWS}/delivered", tokens[NEWS])
        assert sorted(d["request"]["identifier"] for d in listed["deliveries"]) == sorted(RELEVANCE)
        assert daemon.stop(timeout=30) == 0

        daemon = start(data_dir, zone)
        admin = daemon.admin_token
        now = clock(daemon)
        assert now < summary_time, "the restarted virtual clock starts before the summary"
        state = quiet_state(daemon)
        assert state["focus"]["identifier"] == "work"
        assert parse_date(state["nextSummary"]) == summary_time
        advance(daemon, (summary_time - now).total_seconds() - 60)
        time.sleep(SETTLE)
        assert receiver.delivered(NEWS) == [], "nothing of the summary a minute before its time"

        advance(daemon, 60)
        posts = receiver.wait_for(NEWS, len(RELEVANCE))
        in_order = [post["identifier"] for post in sorted(posts, key=lambda post: post["sequence"])]
        assert in_order == sorted(RELEVANCE, key=RELEVANCE.get, reverse=True), "together, most relevant first"
        assert parse_date(quiet_state(daemon)["nextSummary"]) > summary_time

        advance(daemon, 86_400)
        time.sleep(SETTLE)
        assert daemon.stop(timeout=30) == 0
        daemon = start(data_dir, zone)
        advance(daemon, 2 * 86_400)
        time.sleep(SETTLE)
        deliveries = [post["delivery"] for post in receiver.delivered(NEWS)]
        assert len(deliveries) == len(RELEVANCE) == len(set(deliveries)), "each once, none lost"
        assert len(receiver.delivered(CHAT)) == 1 and len(receiver.delivered(PAGER)) == 1
    finally:
        daemon.stop(timeout=30)
        receiver.server.shutdown()
