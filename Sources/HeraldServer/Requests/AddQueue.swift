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
final class AddQueue: Sendable {
    /// The most adds committed in one transaction.
    static let groupLimit = 512

    private struct Waiting {
        let add: NotificationEngine.GroupedAdd
        let continuation: CheckedContinuation<Result<AddResult, any Error>, Never>
    }

    private struct State {
        var waiting: [Waiting] = []
        var draining = false
    }

    private let engine: NotificationEngine
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "herald.adds", qos: .userInitiated)

    init(engine: NotificationEngine) {
        self.engine = engine
    }

    /// Adds `requests` for `app` as `NotificationEngine.add(_:for:)` does, possibly
    /// in one transaction with other adds.
    func add(_ requests: [NotificationRequest], for app: AppIdentifier) async throws -> AddResult {
        let add = NotificationEngine.GroupedAdd(requests, for: app)
        return try await withCheckedContinuation { continuation in
            let starts = state.withLock { state in
                state.waiting.append(Waiting(add: add, continuation: continuation))
                defer { state.draining = true }
                return !state.draining
            }
            if starts {
                queue.async { self.drain() }
            }
        }.get()
    }

    /// Hands the waiting adds to the engine, a group at a time, until none waits.
    private func drain() {
        while true {
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
            let results = engine.addEach(group.map(\.add))
            for (waiting, result) in zip(group, results) {
                waiting.continuation.resume(returning: result)
            }
        }
    }
}
