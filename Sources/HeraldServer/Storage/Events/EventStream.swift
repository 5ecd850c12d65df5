import Dispatch
import Foundation
import HeraldAPI
import Logging
import NotificationEngine
import Signals
import Synchronization

/// The live event stream (`GET /v1/events`) over an ``EventLog``: numbers every
/// engine event (and the daemon's own, such as app registrations) through the
/// log, hands each, encoded, to the subscribers of its scope in order, and
/// replays what a resuming subscriber missed. The same code runs over
/// ``MemoryEventLog`` (one daemon) and ``PostgresEventLog`` (the nodes sharing a
/// PostgreSQL database, each streaming every node's events).
///
/// **Numbering.** Each scope counts on its own: a stream of one app numbers that
/// app's events 1, 2, 3…, so an app learns nothing of how many events other apps
/// had; the admin's stream of every app numbers all of them. A gap in `sequence`
/// means missed events.
///
/// **The path of an event.** ``publish(_:)`` appends it to the log, which
/// numbers it and announces it; on the announcement the stream reads the log
/// after the last number it handed out and gives the events, in order, to its
/// ``EventFanOut``, which encodes each once per scope. A log that reads without
/// waiting (in memory) is read on the publishing thread, so the event is out
/// before ``publish(_:)`` returns (unless another thread is reading: it then
/// reads this one too); another is read on a queue of the stream's own.
///
/// **Subscribing.** A new subscriber gets the events numbered after the log's
/// head; one passing `after` (the last `sequence` it saw) waits, its live events
/// held back, while the stream reads its replay from the log in one snapshot
/// (``EventLog/replay(app:after:)``), then gets the replay and the live events
/// after the snapshot. If the replay is no longer kept it starts live and sees
/// the gap.
///
/// **Memory.** Each subscriber's events wait in its ``StreamOutbox``, bounded in
/// bytes; one that falls further behind is closed (4429) rather than buffered
/// without end.
///
/// **Failures.** A read that fails is tried again after 0.1 s, doubling to 5 s;
/// the next announcement reads too. Nothing here crashes the daemon.
final class EventStream: Sendable {
    /// The most events read from the log at once.
    static let readLimit = 512

    private struct Reading {
        var isReading = false
        var again = false
        var backoff = RetryBackoff()
    }

    let log: any EventLog
    private let fanOut: Mutex<EventFanOut>
    private let reading = Mutex(Reading())
    private let readQueue = DispatchQueue(label: "herald.events.reader")
    private let replayQueue = DispatchQueue(label: "herald.events.replay")
    private let subscription = SerialDisposable()
    private let logger = Logger(label: "herald.events")

    /// A stream over `log`, handing out the events appended after it starts.
    init(log: any EventLog) {
        self.log = log
        fanOut = Mutex(EventFanOut(delivered: log.head))
        log.start { [weak self] sequence in
            self?.readLog(through: sequence)
        }
    }

    /// A stream over `log` fed by `engine`'s events; `names` gives an app's display name.
    convenience init(log: any EventLog, engine: NotificationEngine, names: @escaping @Sendable (AppIdentifier) -> String) {
        self.init(log: log)
        subscription.inner = engine.events.subscribeNext { [weak self] event in
            guard let wire = API.Event(event, name: names) else { return }
            self?.publish(wire)
        }
    }

    deinit {
        subscription.dispose()
    }

    /// Numbers `event` in the all-apps scope and its app's, and hands it to the
    /// subscribers of both.
    func publish(_ event: API.Event) {
        log.append(.event(event))
    }

    /// Forgets `app`'s numbering and kept events: it was removed, and an app
    /// registered later under its identifier starts afresh (``EventLog``).
    func forget(_ app: AppIdentifier) {
        log.append(.forget(app))
    }

    /// Sends the events of `app` (or, `nil`, of every app) to `outbox` from now
    /// on, after those numbered after `after` in that scope, if they are still
    /// kept; if not, the subscriber starts with the live events and sees the gap.
    ///
    /// - Returns: A token for ``unsubscribe(_:)``.
    func subscribe(app: AppIdentifier?, after: Int?, outbox: StreamOutbox) -> Int {
        let head = log.head
        let token = fanOut.withLock { $0.subscribe(app: app, outbox: outbox, replays: after != nil, after: head) }
        if let after {
            if log.readsInline {
                replay(token, app: app, after: after)
            } else {
                replayQueue.async { self.replay(token, app: app, after: after) }
            }
        }
        return token
    }

    /// Stops handing events to the subscriber with this token.
    func unsubscribe(_ token: Int) {
        fanOut.withLock { $0.unsubscribe(token) }
    }

    /// Reads the replay of the subscriber with this token and hands it over.
    private func replay(_ token: Int, app: AppIdentifier?, after: Int) {
        let replay: EventReplay
        do {
            replay = try log.replay(app: app, after: after)
        } catch {
            logger.warning("reading a stream's missed events failed; it starts with the live events: \(error)")
            replay = .unavailable
        }
        fanOut.withLock { fanOut in
            for push in fanOut.finishReplay(token, replay) { push.outbox.push(push.message) }
        }
    }

    /// Has the log read, unless `sequence` was handed out already; a reader
    /// already reading reads once more when it is done.
    private func readLog(through sequence: Int?) {
        if let sequence, fanOut.withLock({ sequence <= $0.delivered }) { return }
        let start = reading.withLock { reading in
            if reading.isReading { reading.again = true }
            defer { reading.isReading = true }
            return !reading.isReading
        }
        guard start else { return }
        if log.readsInline {
            readUntilDone()
        } else {
            readQueue.async { self.readUntilDone() }
        }
    }

    /// Reads until no announcement came in meanwhile; after a failure, comes back later.
    private func readUntilDone() {
        repeat {
            reading.withLock { $0.again = false }
            do {
                try readAll()
                reading.withLock { $0.backoff.reset() }
            } catch {
                let delay = reading.withLock { $0.backoff.next() }
                logger.warning("reading the event log failed, trying again in \(delay): \(error)")
                readQueue.asyncAfter(deadline: .now() + .milliseconds(Int(delay / .milliseconds(1)))) { [weak self] in
                    self?.readUntilDone()
                }
                return
            }
        } while reading.withLock { reading in
            if !reading.again { reading.isReading = false }
            return reading.again
        }
    }

    /// Hands out everything the log holds after the last number handed out.
    private func readAll() throws {
        while true {
            let after = fanOut.withLock { $0.delivered }
            let events = try log.read(after: after, limit: Self.readLimit)
            if let first = events.first, first.sequence > after + 1 {
                logger.warning(
                    "events \(after + 1)–\(first.sequence - 1) left the event log before this node read them; its streams show the gap")
            }
            let measuring = log.measuresSizes
            var sizes: [Int] = []
            if measuring { sizes.reserveCapacity(events.count) }
            let delivered = fanOut.withLock { fanOut in
                fanOut.deliver(
                    events, measuring: measuring, measured: { sizes.append($0) }, push: { $0.outbox.push($0.message) })
                return fanOut.delivered
            }
            log.handedOut(through: delivered, sizes: sizes)
            if events.count < Self.readLimit { return }
        }
    }
}
