import Synchronization

/// Why the daemon ends a WebSocket stream, sent as the close frame's code and reason.
///
/// | code | meaning | what a client does |
/// |---|---|---|
/// | 1001 | the daemon is stopping | reconnect later |
/// | 4401 | the credential it was opened with was revoked (token renewed, app removed, signed out) | stop; get a new credential |
/// | 4429 | it fell behind: more than ``StreamOutbox/byteLimit`` of events waited unread | reconnect with `?after=<last sequence>` |
enum StreamCloseReason: Sendable, Equatable {
    case daemonStopping
    case credentialRevoked
    case fellBehind

    /// The close frame's code.
    var code: UInt16 {
        switch self {
        case .daemonStopping: 1001
        case .credentialRevoked: 4401
        case .fellBehind: 4429
        }
    }

    /// The close frame's reason, for people.
    var text: String {
        switch self {
        case .daemonStopping: "the daemon is stopping"
        case .credentialRevoked: "the credential this stream was opened with was revoked"
        case .fellBehind: "the client fell behind: reconnect with ?after=<last sequence>"
        }
    }
}

/// The messages waiting to be written to one WebSocket client, bounded in bytes.
///
/// Producers ``push(_:)`` without waiting; the client's writer takes them with
/// ``next()``. A client that does not read (a full socket stalls its writer) lets the
/// outbox grow; past ``byteLimit`` it is closed with ``StreamCloseReason/fellBehind``
/// instead of holding the daemon's memory. ``close(_:)`` ends it at once: messages
/// still waiting are dropped, and the writer's next ``next()`` returns the reason.
final class StreamOutbox: Sendable {
    /// What ``next()`` returns.
    enum Next: Sendable, Equatable {
        case message(String)
        case closed(StreamCloseReason)
    }

    /// Bytes of messages that may wait for one client: 1 MiB.
    static let defaultByteLimit = 1 << 20

    private struct State {
        var messages: [String] = []
        var head = 0
        var bytes = 0
        var closed: StreamCloseReason?
        var waiter: CheckedContinuation<Next, Never>?
        var closeWaiter: CheckedContinuation<StreamCloseReason, Never>?
        /// Waits in ``waitForRoom()`` until no more than half the limit waits.
        var roomWaiter: CheckedContinuation<Bool, Never>?
    }

    let byteLimit: Int
    private let state = Mutex(State())

    init(byteLimit: Int = StreamOutbox.defaultByteLimit) {
        self.byteLimit = byteLimit
    }

    /// Queues `message`; past the byte limit the outbox closes as fallen behind.
    ///
    /// - Returns: Whether the message was queued (`false` once closed).
    @discardableResult
    func push(_ message: String) -> Bool {
        var waiters = Waiters()
        let (queued, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Next, Never>?) in
            guard state.closed == nil else { return (false, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (true, waiter)
            }
            let size = message.utf8.count
            guard state.bytes + size <= byteLimit else {
                waiters = Self.close(&state, .fellBehind)
                return (false, nil)
            }
            state.messages.append(message)
            state.bytes += size
            return (true, nil)
        }
        waiter?.resume(returning: .message(message))
        waiters.resume(.fellBehind)
        return queued
    }

    /// Returns once no more than half of ``byteLimit`` waits unread, so that a
    /// sender of many messages (an app's responses sent again when its stream
    /// opens) leaves the other half to the live events instead of overflowing
    /// the outbox; `false` once it is closed. One task waits at a time.
    func waitForRoom() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: Bool? = state.withLock { state in
                    if state.closed != nil { return false }
                    if state.bytes <= byteLimit / 2 { return true }
                    state.roomWaiter = continuation
                    return nil
                }
                ready.map { continuation.resume(returning: $0) }
            }
        } onCancel: {
            close(.daemonStopping)
        }
    }

    /// Ends the stream for `reason`; the first reason given is the one reported.
    func close(_ reason: StreamCloseReason) {
        state.withLock { state in
            state.closed == nil ? Self.close(&state, reason) : Waiters()
        }.resume(reason)
    }

    /// Waits until the outbox is closed, and returns why. Cancelling the waiting task
    /// closes the outbox (its stream is ending).
    func closed() async -> StreamCloseReason {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let reason: StreamCloseReason? = state.withLock { state in
                    if let reason = state.closed { return reason }
                    state.closeWaiter = continuation
                    return nil
                }
                reason.map { continuation.resume(returning: $0) }
            }
        } onCancel: {
            close(.daemonStopping)
        }
    }

    /// Why the outbox was closed, or `nil` while it is open.
    var closeReason: StreamCloseReason? {
        state.withLock { $0.closed }
    }

    /// Bytes waiting to be written.
    var waitingBytes: Int {
        state.withLock { $0.bytes }
    }

    /// The next message, waiting for one; once closed, the reason. Cancelling the
    /// waiting task closes the outbox (its stream is ending).
    func next() async -> Next {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                var room: CheckedContinuation<Bool, Never>?
                defer { room?.resume(returning: true) }
                let ready: Next? = state.withLock { state in
                    if let reason = state.closed { return .closed(reason) }
                    guard state.head < state.messages.count else {
                        state.waiter = continuation
                        return nil
                    }
                    let message = state.messages[state.head]
                    state.head += 1
                    state.bytes -= message.utf8.count
                    if state.bytes <= byteLimit / 2 {
                        room = state.roomWaiter
                        state.roomWaiter = nil
                    }
                    // Let go of what was taken once it is half the queue, so a client
                    // that never quite catches up does not keep it alive.
                    if state.head == state.messages.count {
                        state.messages.removeAll(keepingCapacity: true)
                        state.head = 0
                    } else if state.head >= 64, state.head * 2 >= state.messages.count {
                        state.messages.removeFirst(state.head)
                        state.head = 0
                    }
                    return .message(message)
                }
                ready.map { continuation.resume(returning: $0) }
            }
        } onCancel: {
            close(.daemonStopping)
        }
    }

    /// The tasks waiting on an outbox, to wake once its lock is let go.
    private struct Waiters {
        var next: CheckedContinuation<Next, Never>?
        var closed: CheckedContinuation<StreamCloseReason, Never>?
        var room: CheckedContinuation<Bool, Never>?

        func resume(_ reason: StreamCloseReason) {
            next?.resume(returning: .closed(reason))
            closed?.resume(returning: reason)
            room?.resume(returning: false)
        }
    }

    /// Closes the outbox for `reason`, dropping what waited; returns the tasks to wake.
    private static func close(_ state: inout State, _ reason: StreamCloseReason) -> Waiters {
        state.closed = reason
        state.messages = []
        state.head = 0
        state.bytes = 0
        defer {
            state.waiter = nil
            state.closeWaiter = nil
            state.roomWaiter = nil
        }
        return Waiters(next: state.waiter, closed: state.closeWaiter, room: state.roomWaiter)
    }
}
