import NIOCore
import Synchronization

/// How many streams of a provider API connection are being answered. Told to its
/// ``ConnectionTable`` slot: busy while one is, waiting for its client from when the
/// last one ends. And a backstop for the idle timeout: NIOHTTP2's connection manager
/// closes an idle connection gracefully (GOAWAY and a PING, closed once the PING is
/// acknowledged), which a client that never acknowledges would stall forever; so a
/// connection without a stream for `idleLimit` (the idle timeout and the grace period)
/// is closed outright.
final class PushConnectionActivity: Sendable {
    private struct State {
        var open = 0
        var backstop: Scheduled<Void>?
    }

    private let slot: ConnectionTable.Slot
    private let channel: any Channel
    private let idleLimit: TimeAmount
    private let state = Mutex(State())

    /// Activity of a new connection: idle from now.
    init(slot: ConnectionTable.Slot, channel: any Channel, idleLimit: TimeAmount) {
        self.slot = slot
        self.channel = channel
        self.idleLimit = idleLimit
        state.withLock { $0.backstop = armBackstop() }
        // Not kept, with the closed connection it would close, until it is due.
        channel.closeFuture.whenComplete { _ in
            self.state.withLock { $0.backstop?.cancel() }
        }
    }

    /// A stream is being answered.
    func begin() {
        state.withLock { state in
            state.open += 1
            guard state.open == 1 else { return }
            slot.wait(since: nil)
            state.backstop?.cancel()
            state.backstop = nil
        }
    }

    /// A stream's answer is written, or the stream ended without one.
    func end() {
        state.withLock { state in
            state.open -= 1
            guard state.open == 0 else { return }
            slot.wait(since: .now())
            state.backstop = armBackstop()
        }
    }

    private func armBackstop() -> Scheduled<Void> {
        let channel = self.channel
        return channel.eventLoop.scheduleTask(in: idleLimit) { channel.close(promise: nil) }
    }
}
