import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import Synchronization

/// One WebSocket stream from open to close: writes what its ``StreamOutbox`` holds,
/// reads (and drops) what the client sends, and ends when the client leaves or the
/// outbox is closed — revoked, fallen behind or the daemon stopping — with a close
/// frame saying why.
enum StreamSession {
    /// How long a client that does not read has to read up to the close frame before
    /// the connection is cut: 30 s, the ping period. Its events are dropped meanwhile, so
    /// it holds no more than the socket's own buffers.
    static let closeGrace = Duration.seconds(30)

    private enum Ending: Sendable {
        case clientLeft
        case closed(StreamCloseReason)
    }

    /// Runs the stream until it ends; returns only then.
    ///
    /// A client that does not read holds the writer in its write: once the outbox is
    /// closed, the writer and then the close frame get ``closeGrace`` each, then
    /// `channel` is closed under them.
    static func run(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, outbox: StreamOutbox, channel: any Channel
    ) async throws {
        let watchdog = Watchdog()
        defer { watchdog.disarm() }
        let ending = try await withThrowingTaskGroup(of: Ending?.self) { group in
            group.addTask {
                for try await _ in inbound.messages(maxSize: 4_096) {}
                return .clientLeft
            }
            group.addTask {
                while case .message(let text) = await outbox.next() {
                    try await outbound.write(.text(text))
                }
                return nil
            }
            group.addTask {
                .closed(await outbox.closed())
            }
            // The writer ends only once the outbox is closed; the watcher says why.
            var ending: Ending?
            while ending == nil, let next = try await group.next() {
                ending = next
            }
            if case .closed = ending { watchdog.arm(channel, after: closeGrace) }
            group.cancelAll()
            return ending ?? .clientLeft
        }
        watchdog.disarm()
        guard case .closed(let reason) = ending else { return }
        let sent = await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await outbound.close(.unknown(reason.code), reason: reason.text)) != nil }
            group.addTask {
                try? await Task.sleep(for: closeGrace)
                return false
            }
            defer { group.cancelAll() }
            return await group.next() ?? false
        }
        if !sent { channel.close(promise: nil) }
    }
}

/// Closes a channel after a delay unless disarmed first.
private final class Watchdog: Sendable {
    private let task = Mutex<Task<Void, Never>?>(nil)

    func arm(_ channel: any Channel, after delay: Duration) {
        let timer = Task {
            guard (try? await Task.sleep(for: delay)) != nil else { return }
            channel.close(promise: nil)
        }
        task.withLock { $0 = timer }
    }

    func disarm() {
        task.withLock { $0?.cancel() }
    }
}
