import HeraldApps
import NotificationEngine
import Signals
import Synchronization

/// Records what an app pushes to its page from the moment it is made, and
/// waits for a message that may come from another task (a response handled in
/// the background) without sleeping: the wait ends as soon as the message is
/// sent, or fails after a generous timeout.
final class MessageLog: Sendable {
    private struct Waiter {
        let id: Int
        let predicate: @Sendable (JSONValue) -> Bool
        let continuation: CheckedContinuation<JSONValue?, Never>
    }

    private struct State {
        var messages: [JSONValue] = []
        var waiters: [Waiter] = []
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state = Mutex(State())
    private let subscription = Mutex<(any Disposable)?>(nil)

    init(_ app: any HeraldApp) {
        let disposable = app.changes.subscribeNext { [weak self] in self?.record($0) }
        subscription.withLock { $0 = disposable }
    }

    deinit {
        subscription.withLock { $0 }?.dispose()
    }

    /// Every message so far, in order.
    var messages: [JSONValue] { state.withLock { $0.messages } }

    /// The types of the messages so far, in order.
    var types: [String] { messages.map { $0.field("type") ?? "" } }

    /// The first message (so far or to come) of this type.
    func first(ofType type: String, timeout: Duration = .seconds(20)) async throws -> JSONValue {
        try await first(where: { $0.field("type") == type }, timeout: timeout)
    }

    /// The first message (so far or to come) that matches `predicate`.
    func first(
        where predicate: @escaping @Sendable (JSONValue) -> Bool, timeout: Duration = .seconds(20)
    ) async throws -> JSONValue {
        let found = await withTaskGroup(of: JSONValue?.self) { group in
            group.addTask { await self.wait(for: predicate) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let found else { throw TestFailure("no such message within \(timeout); got \(messages)") }
        return found
    }

    private func record(_ message: JSONValue) {
        let ready = state.withLock { state in
            state.messages.append(message)
            let ready = state.waiters.filter { $0.predicate(message) }
            state.waiters.removeAll { $0.predicate(message) }
            return ready
        }
        for waiter in ready {
            waiter.continuation.resume(returning: message)
        }
    }

    private func wait(for predicate: @escaping @Sendable (JSONValue) -> Bool) async -> JSONValue? {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let immediate: JSONValue?? = state.withLock { state in
                    if let message = state.messages.first(where: predicate) { return .some(message) }
                    if state.cancelled.contains(id) { return .some(nil) }
                    state.waiters.append(Waiter(id: id, predicate: predicate, continuation: continuation))
                    return .none
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil as Waiter?
                }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(returning: nil)
        }
    }
}
