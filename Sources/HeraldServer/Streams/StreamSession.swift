import HummingbirdWebSocket
import NIOWebSocket

/// One WebSocket stream from open to close: writes what its ``StreamOutbox`` holds,
/// reads (and drops) what the client sends, and ends when the client leaves or the
/// outbox is closed — revoked, fallen behind or the daemon stopping — with a close
/// frame saying why.
enum StreamSession {
    /// How long the close frame may take to go out to a client that does not read.
    static let closeGrace = Duration.seconds(1)

    private enum Ending: Sendable {
        case clientLeft
        case closed(StreamCloseReason)
    }

    /// Runs the stream until it ends; returns only then.
    static func run(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, outbox: StreamOutbox
    ) async throws {
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
            group.cancelAll()
            return ending ?? .clientLeft
        }
        guard case .closed(let reason) = ending else { return }
        // A client that does not read would hold the close frame (and this task) forever.
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await outbound.close(.unknown(reason.code), reason: reason.text) }
            group.addTask { try? await Task.sleep(for: closeGrace) }
            await group.next()
            group.cancelAll()
        }
    }
}
