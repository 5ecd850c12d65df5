import DequeModule
import HeraldAPI
import Logging
import NotificationEngine
import Synchronization

/// The event stream's log within one daemon: numbers the events in memory and
/// keeps them until the stream has handed them out, then the last
/// ``replayLimit`` of them (at most ``replayByteLimit`` bytes, as encoded for the
/// stream) for resuming subscribers.
///
/// **Bounds.** Events the stream has not read yet are kept past those limits, so
/// that a burst published while the stream hands out earlier events loses
/// nothing; there are at most ``unreadLimit`` of them (the stream reads on the
/// appending thread, so this is reached only if publishers outrun one reader by
/// that much): past it the oldest are dropped, logged, and the stream shows the gap.
final class MemoryEventLog: EventLog {
    static let replayLimit = 1_024
    static let replayByteLimit = 4 << 20
    /// The most events kept that the stream has not read, as the PostgreSQL
    /// writer's queue is bounded.
    static let unreadLimit = EventLogWriter.queueLimit

    private struct Kept {
        var logged: LoggedEvent
        /// Bytes of its encoding, counted against ``replayByteLimit`` once handed out.
        var size = 0
    }

    private struct State {
        var sequence = 0
        var appSequences: [AppIdentifier: Int] = [:]
        /// The kept events, oldest first, numbered without gaps.
        var kept: Deque<Kept> = []
        var keptBytes = 0
        /// The last number the stream handed out.
        var handedOut = 0
        var announced: (@Sendable (Int?) -> Void)?
    }

    private let state = Mutex(State())
    private let logger = Logger(label: "herald.events")

    init() {}

    var readsInline: Bool { true }
    var measuresSizes: Bool { true }

    var head: Int {
        state.withLock { $0.sequence }
    }

    func start(announcing announced: @escaping @Sendable (Int?) -> Void) {
        state.withLock { $0.announced = announced }
    }

    func append(_ entry: EventLogEntry) {
        switch entry {
        case .event(let event):
            let (announced, sequence, dropped) = state.withLock { state in
                let app = AppIdentifier(event.app)
                state.sequence += 1
                state.appSequences[app, default: 0] += 1
                let logged = LoggedEvent(
                    sequence: state.sequence, appSequence: state.appSequences[app, default: 0], app: app,
                    forgotten: false, event: event)
                state.kept.append(Kept(logged: logged))
                return (state.announced, state.sequence, Self.dropUnread(&state))
            }
            if dropped > 0 {
                logger.error("the event stream fell \(Self.unreadLimit) events behind: \(dropped) were dropped")
            }
            announced?(sequence)
        case .forget(let app):
            state.withLock { state in
                state.appSequences[app] = nil
                for index in state.kept.indices where state.kept[index].logged.app == app {
                    state.kept[index].logged.forgotten = true
                }
            }
        }
    }

    func read(after sequence: Int, limit: Int) -> [LoggedEvent] {
        state.withLock { state in
            guard let first = state.kept.first?.logged.sequence else { return [] }
            let start = max(sequence + 1 - first, 0)
            guard start < state.kept.count else { return [] }
            let end = start + min(limit, state.kept.count - start)
            return state.kept[start..<end].map(\.logged)
        }
    }

    func handedOut(through sequence: Int, sizes: [Int]) {
        state.withLock { state in
            if let first = state.kept.first?.logged.sequence {
                let start = sequence - sizes.count + 1 - first
                for (offset, size) in sizes.enumerated() where state.kept.indices.contains(start + offset) {
                    state.kept[start + offset].size = size
                    state.keptBytes += size
                }
            }
            state.handedOut = max(state.handedOut, sequence)
            Self.prune(&state)
        }
    }

    func replay(app: AppIdentifier?, after: Int) -> EventReplay {
        state.withLock { state in
            let latest = app.map { state.appSequences[$0, default: 0] } ?? state.sequence
            // A number this scope never reached: the subscriber starts live.
            guard after <= latest else { return .unavailable }
            guard after < latest else { return .upToDate(through: state.sequence) }
            // Of the last events only, even while more wait for the stream.
            guard latest - after <= Self.replayLimit else { return .unavailable }
            let missed = state.kept.lazy.map(\.logged).filter { logged in
                guard let app else { return logged.sequence > after }
                return logged.app == app && !logged.forgotten && logged.appSequence > after
            }
            let first = missed.first.map { app == nil ? $0.sequence : $0.appSequence }
            guard first == after + 1 else { return .unavailable }
            return .events(Array(missed.filter { !$0.forgotten }), through: state.sequence)
        }
    }

    /// Lets go of the oldest events the stream has handed out while more than
    /// the limits are kept.
    private static func prune(_ state: inout State) {
        var dropped = 0
        while dropped < state.kept.count, state.kept[dropped].logged.sequence <= state.handedOut,
            state.kept.count - dropped > replayLimit || state.keptBytes > replayByteLimit
        {
            state.keptBytes -= state.kept[dropped].size
            dropped += 1
        }
        if dropped > 0 { state.kept.removeFirst(dropped) }
    }

    /// Drops the oldest unread events past ``unreadLimit``; returns how many.
    private static func dropUnread(_ state: inout State) -> Int {
        let unread = state.sequence - state.handedOut
        guard unread > unreadLimit else { return 0 }
        let through = state.handedOut + unread - unreadLimit
        var dropped = 0
        while dropped < state.kept.count, state.kept[dropped].logged.sequence <= through {
            state.keptBytes -= state.kept[dropped].size
            dropped += 1
        }
        state.kept.removeFirst(dropped)
        state.handedOut = through
        return unread - unreadLimit
    }
}
