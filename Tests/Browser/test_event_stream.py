"""The event stream module every page shares (/ui/common/event-stream.js), driven
on its own in the signed-in center: it reconnects after a drop and resumes after
the last `sequence` it saw, and reports a gap when the numbers do not follow."""

from helpers import allowed_app

APP = "com.example.chat"

START_PROBE = """
const done = arguments[arguments.length - 1];
import('/ui/common/event-stream.js').then(({ EventStream }) => {
  const probe = { messages: [], urls: [], opens: [], states: [], gaps: 0 };
  const stream = new EventStream('/v1/events', {
    open: ({ resumed }) => probe.opens.push(resumed),
    message: (message) => probe.messages.push(message),
    gap: () => { probe.gaps += 1; },
    state: (name) => probe.states.push(name),
  }, { firstDelay: 2000, maxDelay: 2000 });
  const url = stream.url.bind(stream);
  stream.url = () => { const address = url(); probe.urls.push(address); return address; };
  window.probe = probe;
  window.probeStream = stream;
  stream.start();
  done();
});
"""


def probe(center):
    return center.driver.execute_script("return window.probe")


def badges(center):
    return [(m["sequence"], m["badge"]) for m in probe(center)["messages"] if m["type"] == "badgeChanged"]


def set_badge(center, badge):
    center.daemon.request("PUT", f"/v1/apps/{APP}/badge", {"badge": badge})


def test_the_stream_resumes_after_the_last_sequence_when_its_socket_drops(center):
    allowed_app(center)
    center.driver.execute_async_script(START_PROBE)
    center.wait().until(lambda d: probe(center)["opens"] == [False])
    set_badge(center, 1)
    center.wait().until(lambda d: [b for _, b in badges(center)] == [1])
    last = center.driver.execute_script("return window.probeStream.lastSequence")
    assert last == badges(center)[0][0]

    # The socket drops; while the stream waits to reconnect, two events happen.
    center.driver.execute_script("window.probeStream.socket.close()")
    center.wait().until(lambda d: "waiting" in probe(center)["states"])
    set_badge(center, 2)
    set_badge(center, 3)

    # It reconnects with ?after=<last sequence> and gets what it missed, in order, with no gap.
    center.wait().until(lambda d: probe(center)["opens"] == [False, True])
    urls = probe(center)["urls"]
    assert urls[0].endswith("/v1/events") and urls[1].endswith(f"/v1/events?after={last}")
    center.wait().until(lambda d: len(badges(center)) == 3)
    assert badges(center) == [(last, 1), (last + 1, 2), (last + 2, 3)]
    assert probe(center)["gaps"] == 0

    # Live events go on after the replayed ones.
    set_badge(center, 4)
    center.wait().until(lambda d: badges(center)[-1] == (last + 3, 4))
    assert probe(center)["gaps"] == 0


def test_numbers_that_do_not_follow_are_a_gap(center):
    allowed_app(center)
    center.driver.execute_async_script(START_PROBE)
    center.wait().until(lambda d: probe(center)["opens"] == [False])
    # As after a daemon restart, which numbers from 1 again: the daemon has nothing
    # after 1,000,000, and its next event's number does not follow it.
    center.driver.execute_script("window.probeStream.lastSequence = 1000000; window.probeStream.reconnect()")
    center.wait().until(lambda d: probe(center)["opens"] == [False, True])
    assert probe(center)["urls"][-1].endswith("/v1/events?after=1000000")
    set_badge(center, 5)
    center.wait().until(lambda d: [b for _, b in badges(center)] == [5])
    assert probe(center)["gaps"] == 1
    set_badge(center, 6)
    center.wait().until(lambda d: [b for _, b in badges(center)] == [5, 6])
    assert probe(center)["gaps"] == 1

