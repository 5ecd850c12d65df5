import Synchronization

/// What a connected app's client did with each answer the daemon sent it, so that
/// one sent twice (again when the stream reopens, or live and replayed at once)
/// reaches the handler once, and one handed over is acknowledged once its
/// completion handler was called.
///
/// An answer is *handed* to the handler until its completion handler is called,
/// then *completed* until the daemon took the acknowledgement, then remembered
/// among the last ``rememberedLimit`` acknowledged.
final class ResponseLedger: Sendable {
    /// What to do with an answer the daemon sent.
    enum Step: Equatable {
        /// Hand it to the handler: it is new.
        case hand
        /// Acknowledge it again: the handler had it, the daemon has not taken the acknowledgement.
        case acknowledge
        /// Nothing: the handler has it now, or it was acknowledged.
        case skip
    }

    /// How many acknowledged answers are remembered, against one sent again after its acknowledgement.
    static let rememberedLimit = 1_024

    private struct State {
        var handed: Set<String> = []
        var completed: Set<String> = []
        var acknowledged: Set<String> = []
        var acknowledgedOrder: [String] = []
    }

    private let state = Mutex(State())

    /// Decides what to do with the answer to delivery `id`; `.hand` marks it handed.
    func receive(_ id: String) -> Step {
        state.withLock { state in
            if state.completed.contains(id) { return .acknowledge }
            if state.handed.contains(id) || state.acknowledged.contains(id) { return .skip }
            state.handed.insert(id)
            return .hand
        }
    }

    /// The handler called the completion handler: the answer is to be acknowledged.
    func completed(_ id: String) {
        state.withLock { state in
            state.handed.remove(id)
            state.completed.insert(id)
        }
    }

    /// The daemon took the acknowledgement (or had nothing left to acknowledge).
    func acknowledged(_ id: String) {
        state.withLock { state in
            guard state.completed.remove(id) != nil, state.acknowledged.insert(id).inserted else { return }
            state.acknowledgedOrder.append(id)
            if state.acknowledgedOrder.count > Self.rememberedLimit {
                state.acknowledged.remove(state.acknowledgedOrder.removeFirst())
            }
        }
    }
}

/// How long a client waits before opening a dropped event stream again: 0.5 s,
/// doubling to 15 s, back to 0.5 s once a stream opened.
struct ReconnectBackoff {
    static let first = Duration.milliseconds(500)
    static let longest = Duration.seconds(15)

    private var next = first

    mutating func delay() -> Duration {
        defer { next = min(next * 2, Self.longest) }
        return next
    }

    mutating func reset() {
        next = Self.first
    }
}
