import Dispatch
import Foundation
import HeraldAPI
import Logging
import NotificationEngine
import PostgresSupport
import Signals
import Synchronization

/// The live event stream of the daemons (nodes) sharing one PostgreSQL database:
/// an event published on any node reaches the matching subscribers of every node,
/// numbered the same everywhere (all apps and per app), and `?after=N` resumes on
/// any node.
///
/// **The path of an event.** ``publish(_:)`` only queues the event: the
/// ``EventLogWriter`` appends it to the ``EventLog`` with the others waiting, in one
/// transaction that numbers them (under the log's head-row lock, so numbers are
/// committed in order and without gaps) and sends `NOTIFY herald_events`. Every
/// node, the publishing one too, `LISTEN`s; on the announcement it reads the log
/// after the last number it handed out and gives the events, in order, to its
/// ``EventFanOut``, which encodes them as ``API/Event``s numbered in each
/// subscriber's scope. Every node thus hands out the same events in the same
/// order; none decides on its own.
///
/// **Resuming.** A subscriber passing `after` waits (its live events held back)
/// while the node reads, in one snapshot, its scope's events after `after`: it gets
/// them if the log still holds every one (the last ``EventLog/keptEvents``), else
/// it starts live and sees the gap, as with ``EventHub``.
///
/// **Failures.** The listening connection reconnects by itself (0.1 s doubling to
/// 5 s); after each connection the node reads the log after its last number, so
/// its subscribers miss nothing and get nothing twice, as long as the log still
/// holds what came meanwhile (else they see the gap, and it is logged). A read
/// that fails is tried again on the same schedule; what the writer does when
/// appending fails is in ``EventLogWriter``. Nothing here crashes the daemon.
final class PostgresEventHub: LiveEvents, Sendable {
    /// The most events read from the log at once.
    static let readLimit = 512

    private struct Reading {
        var isReading = false
        var again = false
        var backoff = RetryBackoff()
    }

    private let log: EventLog
    let writer: EventLogWriter
    private let fanOut: Mutex<EventFanOut>
    private let reading = Mutex(Reading())
    private let readQueue = DispatchQueue(label: "herald.events.reader")
    private let replayQueue = DispatchQueue(label: "herald.events.replay")
    private let subscription = SerialDisposable()
    private let logger = Logger(label: "herald.events")

    /// A hub fed by `engine`'s events, keeping its log in `store` (the engine's),
    /// whose tables it creates if needed; `names` gives an app's display name.
    /// Its subscribers get the events appended after it starts.
    ///
    /// - Throws: ``NotificationError`` when the log cannot be created or read.
    init(engine: NotificationEngine, store: PostgresConnections, names: @escaping @Sendable (AppIdentifier) -> String) throws {
        log = try EventLog(store: store)
        writer = EventLogWriter(log: log)
        fanOut = Mutex(EventFanOut(delivered: try log.head()))
        subscription.inner = engine.events.subscribeNext { [weak self] event in
            self?.publish(API.Event(event, name: names))
        }
        let schema = store.schema
        store.listen(on: EventLog.channel) { [weak self] payload in
            guard let payload else {
                self?.readLog()  // (re)connected: read what was announced while nobody listened
                return
            }
            guard let sequence = EventLog.announcedSequence(payload, schema: schema) else { return }
            self?.readLog(through: sequence)
        }
    }

    deinit {
        subscription.dispose()
    }

    func publish(_ event: API.Event) {
        writer.add(.event(event))
    }

    func forget(_ app: AppIdentifier) {
        writer.add(.forget(app))
    }

    func subscribe(app: AppIdentifier?, after: Int?, outbox: StreamOutbox) -> Int {
        let token = fanOut.withLock { $0.subscribe(app: app, outbox: outbox, replays: after != nil) }
        if let after {
            replayQueue.async { self.replay(token, app: app, after: after) }
        }
        return token
    }

    func unsubscribe(_ token: Int) {
        fanOut.withLock { $0.unsubscribe(token) }
    }

    /// Reads the replay of the subscriber with this token and hands it over.
    private func replay(_ token: Int, app: AppIdentifier?, after: Int) {
        let replay: EventLog.Replay
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

    /// Has the reader read the log, unless `sequence` was handed out already; a
    /// reader already reading reads once more when it is done.
    private func readLog(through sequence: Int? = nil) {
        if let sequence, fanOut.withLock({ sequence <= $0.delivered }) { return }
        let start = reading.withLock { reading in
            if reading.isReading { reading.again = true }
            defer { reading.isReading = true }
            return !reading.isReading
        }
        if start { readQueue.async { self.readUntilDone() } }
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
            fanOut.withLock { fanOut in
                for push in fanOut.deliver(events) { push.outbox.push(push.message) }
            }
            if events.count < Self.readLimit { return }
        }
    }
}
