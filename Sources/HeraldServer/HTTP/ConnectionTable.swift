import Logging
import NIOCore
import Synchronization

/// Every open HTTP connection, by the address it came from, held to the daemon's
/// ``ConnectionLimits``.
///
/// A connection at a limit makes room by closing the connection, among those the
/// limit counts, that has waited longest for its client: a silent one, one idle
/// between requests, one stalled in a header or a body. So connections that hold a
/// descriptor without using it cannot keep the user's own clients out: a client that
/// connects and sends its request at once is the newest waiting connection for the
/// moment it takes to send it. Only when every connection the limit counts is busy
/// (its answer being worked on, or a WebSocket) is the new one refused.
final class ConnectionTable: Sendable {
    /// One open connection, and since when it has waited for its client.
    final class Slot: Sendable {
        let channel: any Channel
        let peer: String
        /// When it was counted in.
        let opened: NIODeadline
        /// `NIODeadline.uptimeNanoseconds` since when it has waited; ``busy`` while the
        /// daemon answers it or it is a WebSocket.
        private let waiting: Atomic<Int64>
        static let busy = Int64.max

        init(channel: any Channel, peer: String, now: NIODeadline) {
            self.channel = channel
            self.peer = peer
            opened = now
            waiting = Atomic(Int64(clamping: now.uptimeNanoseconds))
        }

        /// Records since when the connection waits for its client; `nil`: it does not.
        func wait(since deadline: NIODeadline?) {
            waiting.store(deadline.map { Int64(clamping: $0.uptimeNanoseconds) } ?? Self.busy, ordering: .relaxed)
        }

        var waitingSince: Int64 { waiting.load(ordering: .relaxed) }
    }

    private struct State {
        var byPeer: [String: [ObjectIdentifier: Slot]] = [:]
        var count = 0
        /// Whether the last admission met a limit: it is logged once until one does not.
        var atLimit = false
    }

    /// What ``admit(_:now:)`` decided.
    private enum Admission {
        case admitted(Slot, closing: Slot?, firstAtLimit: String?)
        case refused(firstAtLimit: String?)
    }

    let limits: ConnectionLimits
    private let state = Mutex(State())
    private let logger: Logger

    init(limits: ConnectionLimits, logger: Logger = Logger(label: "herald.connections")) {
        self.limits = limits
        self.logger = logger
    }

    /// Counts a new connection in, closing the connection that waited longest if a
    /// limit is reached; `nil` when it is refused: a limit is reached and every
    /// connection it counts is busy.
    func admit(_ channel: any Channel, now: NIODeadline = .now()) -> Slot? {
        let slot = Slot(channel: channel, peer: channel.remoteAddress?.ipAddress ?? "unknown", now: now)
        switch state.withLock({ admit(slot, in: &$0) }) {
        case .admitted(let slot, let closing, let firstAtLimit):
            firstAtLimit.map { logger.warning("\($0): closing the connections that waited longest for their clients") }
            if let closing { Self.close(closing) }
            channel.closeFuture.whenComplete { [self] _ in remove(slot) }
            return slot
        case .refused(let firstAtLimit):
            firstAtLimit.map { logger.warning("\($0), each of them busy: refusing new connections") }
            return nil
        }
    }

    /// The event that asks a connection's ``ConnectionGuard`` to close it quietly.
    struct Closing {}

    /// Closes a connection to make room: through its guard first, which closes it as if
    /// its client had stopped sending; then directly, for one whose guard is not there yet.
    private static func close(_ slot: Slot) {
        slot.channel.pipeline.fireUserInboundEventTriggered(Closing())
        slot.channel.close(promise: nil)
    }

    /// How many connections are open, from `peer` or in all.
    func count(from peer: String? = nil) -> Int {
        state.withLock { state in peer.map { state.byPeer[$0]?.count ?? 0 } ?? state.count }
    }

    private func admit(_ slot: Slot, in state: inout State) -> Admission {
        let fromPeer = state.byPeer[slot.peer] ?? [:]
        var limit: String?
        var candidates: [Slot] = []
        if fromPeer.count >= limits.perPeer {
            limit = "\(fromPeer.count) connections are open from \(slot.peer), its limit"
            candidates = Array(fromPeer.values)
        } else if state.count >= limits.total {
            limit = "\(state.count) connections are open, the limit"
            candidates = state.byPeer.values.flatMap(\.values)
        }
        let firstAtLimit = state.atLimit ? nil : limit
        state.atLimit = limit != nil
        let closing = Self.longestWaiting(candidates)
        if limit != nil, closing == nil { return .refused(firstAtLimit: firstAtLimit) }
        if let closing { remove(closing, from: &state) }
        state.byPeer[slot.peer, default: [:]][ObjectIdentifier(slot.channel)] = slot
        state.count += 1
        return .admitted(slot, closing: closing, firstAtLimit: firstAtLimit)
    }

    /// The connection of `slots` that has waited longest for its client, if one waits.
    private static func longestWaiting(_ slots: [Slot]) -> Slot? {
        let oldest = slots.min { $0.waitingSince < $1.waitingSince }
        return oldest.flatMap { $0.waitingSince == Slot.busy ? nil : $0 }
    }

    private func remove(_ slot: Slot) {
        state.withLock { remove(slot, from: &$0) }
    }

    private func remove(_ slot: Slot, from state: inout State) {
        let key = ObjectIdentifier(slot.channel)
        guard state.byPeer[slot.peer]?[key] === slot else { return }
        state.byPeer[slot.peer]?[key] = nil
        if state.byPeer[slot.peer]?.isEmpty == true { state.byPeer[slot.peer] = nil }
        state.count -= 1
    }
}
