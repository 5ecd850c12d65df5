import Dispatch
import Synchronization

/// Group commit: items (the API's adds, the provider API's pushes) that arrive while
/// the engine is busy with others wait here and go to the engine together, in
/// arrival order, as one store transaction (``NotificationEngine/addEach(_:)``,
/// `deliverRemoteEach`), instead of one transaction each.
///
/// Each item still gets its own result: a refused add (invalid, unauthorized, over
/// the pending limit) fails alone and changes nothing, and the others of its
/// group go ahead. An item that finds the queue idle goes to the engine at once.
///
/// Under steady concurrent load the clients whose adds were just committed send
/// their next ones a few hundred microseconds later, so a group taken the moment
/// the last commit ends would hold only the one or two that came first, and every
/// add would pay for writing the same few B-tree pages to the log. After a group
/// of `n` adds, the next group therefore waits up to ``gatherWindow`` for `n`
/// adds to be waiting (it goes as soon as they are). A lone client (groups of
/// one) never waits.
final class GroupCommitQueue<Item: Sendable, Output: Sendable>: Sendable {
    /// Commits a group, one result per item, in order.
    typealias Commit = @Sendable ([Item]) -> [Result<Output, any Error>]

    /// The most items committed in one transaction.
    static var groupLimit: Int { 512 }
    /// The longest a group waits for as many items as the group before it had.
    static var gatherWindow: DispatchTimeInterval { .milliseconds(1) }

    private struct Waiting {
        let item: Item
        let continuation: CheckedContinuation<Result<Output, any Error>, Never>
    }

    private struct State {
        var waiting: [Waiting] = []
        var draining = false
        /// While the drain waits for a group to fill: how many items it waits for.
        var gatheringFor: Int?
    }

    private let commit: Commit
    private let state = Mutex(State())
    private let queue: DispatchQueue
    private let filled = DispatchSemaphore(value: 0)

    /// A queue whose groups `commit` commits, on a Dispatch queue named `label`.
    init(label: String, commit: @escaping Commit) {
        self.commit = commit
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    /// What an item that joined the queue does next.
    private enum Next { case startDrain, wakeDrain, none }

    /// Commits `item`, possibly in one transaction with others, and returns its result.
    func submit(_ item: Item) async throws -> Output {
        try await withCheckedContinuation { continuation in
            let next = state.withLock { state -> Next in
                state.waiting.append(Waiting(item: item, continuation: continuation))
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

    /// Hands the waiting items to the engine, a group at a time, until none waits.
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
            let results = commit(group.map(\.item))
            for (waiting, result) in zip(group, results) {
                waiting.continuation.resume(returning: result)
            }
            previous = group.count
        }
    }

    /// Waits until `count` items are waiting or the gather window has passed.
    private func gather(_ count: Int) {
        let waits = state.withLock { state -> Bool in
            guard state.waiting.count < count else { return false }
            state.gatheringFor = count
            return true
        }
        guard waits else { return }
        if filled.wait(timeout: .now() + Self.gatherWindow) == .timedOut {
            // An item may have filled the group and signalled between the timeout and
            // this lock; take that signal back so that the next gather does not see it.
            let signalled = state.withLock { state -> Bool in
                defer { state.gatheringFor = nil }
                return state.gatheringFor == nil
            }
            if signalled { filled.wait() }
        }
    }
}
