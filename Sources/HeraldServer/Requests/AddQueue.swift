import Dispatch
import NotificationEngine
import Synchronization

/// Group commit of the API's adds: adds that arrive while the engine is busy with
/// others wait here and go to the engine together, in arrival order, as one
/// store transaction (``NotificationEngine/addEach(_:)``), instead of one
/// transaction each.
///
/// Each add still gets its own result: a refused add (invalid, unauthorized, over
/// the pending limit) fails alone and changes nothing, and the others of its
/// group go ahead. An add that finds the queue idle goes to the engine at once.
///
/// Under steady concurrent load the clients whose adds were just committed send
/// their next ones a few hundred microseconds later, so a group taken the moment
/// the last commit ends would hold only the one or two that came first, and every
/// add would pay for writing the same few B-tree pages to the log. After a group
/// of `n` adds, the next group therefore waits up to ``gatherWindow`` for `n`
/// adds to be waiting (it goes as soon as they are). A lone client (groups of
/// one) never waits.
final class AddQueue: Sendable {
    /// The most adds committed in one transaction.
    static let groupLimit = 512
    /// The longest a group waits for as many adds as the group before it had.
    static let gatherWindow = DispatchTimeInterval.milliseconds(1)

    private struct Waiting {
        let add: NotificationEngine.GroupedAdd
        let continuation: CheckedContinuation<Result<AddResult, any Error>, Never>
    }

    private struct State {
        var waiting: [Waiting] = []
        var draining = false
        /// While the drain waits for a group to fill: how many adds it waits for.
        var gatheringFor: Int?
    }

    private let engine: NotificationEngine
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "herald.adds", qos: .userInitiated)
    private let filled = DispatchSemaphore(value: 0)

    init(engine: NotificationEngine) {
        self.engine = engine
    }

    /// Adds `requests` for `app` as `NotificationEngine.add(_:for:)` does, possibly
    /// in one transaction with other adds.
    func add(_ requests: [NotificationRequest], for app: AppIdentifier) async throws -> AddResult {
        let add = NotificationEngine.GroupedAdd(requests, for: app)
        return try await withCheckedContinuation { continuation in
            enum Next { case startDrain, wakeDrain, none }
            let next = state.withLock { state -> Next in
                state.waiting.append(Waiting(add: add, continuation: continuation))
                if !state.draining {
                    state.draining = true
                    return .startDrain
                }
                if let target = state.gatheringFor, state.waiting.count >= target {
                    state.gatheringFor = nil
                    return .wakeDrain
                }
                return .none
            }
            switch next {
            case .startDrain: queue.async { self.drain() }
            case .wakeDrain: filled.signal()
            case .none: break
            }
        }.get()
    }

    /// Hands the waiting adds to the engine, a group at a time, until none waits.
    private func drain() {
        var previous = 1
        while true {
            if previous > 1 { gather(previous) }
            let group = state.withLock { state -> [Waiting] in
                guard !state.waiting.isEmpty else {
                    state.draining = false
                    return []
                }
                let count = min(state.waiting.count, Self.groupLimit)
                defer { state.waiting.removeFirst(count) }
                return Array(state.waiting.prefix(count))
            }
            guard !group.isEmpty else { return }
            let results = engine.addEach(group.map { $0.add })
            for (waiting, result) in zip(group, results) {
                waiting.continuation.resume(returning: result)
            }
            previous = group.count
        }
    }

    /// Waits until `count` adds are waiting or the gather window has passed.
    private func gather(_ count: Int) {
        let waits = state.withLock { state -> Bool in
            guard state.waiting.count < count else { return false }
            state.gatheringFor = count
            return true
        }
        guard waits else { return }
        if filled.wait(timeout: .now() + Self.gatherWindow) == .timedOut {
            // An add may have filled the group and signalled between the timeout and
            // this lock; take that signal back so that the next gather does not see it.
            let signalled = state.withLock { state -> Bool in
                defer { state.gatheringFor = nil }
                return state.gatheringFor == nil
            }
            if signalled { filled.wait() }
        }
    }
}
