public import Foundation

/// The messages waiting for one receiver (``PushAgent``) of push resources, as the
/// push service keeps them until acknowledged: a pure value, the clock coming in
/// with each call, so the stores and the receiver's connection only carry out what
/// it decides.
///
/// - **Order.** Messages are sent in the order they were accepted; each is
///   acknowledged by its identifier.
/// - **Topic** (RFC 8030 §5.4). A message with the topic of one not yet
///   acknowledged, on the same resource, replaces it: the older one is dropped, sent
///   or not, and the new one follows the others (a receiver that showed the older one
///   replaces it, by the topic its service worker gives the notification).
/// - **Expiration** (§5.2). `TTL: 0` is delivered now or never: kept only while the
///   receiver is connected, dropped if the connection is cut first. Any other TTL
///   keeps a message until then.
/// - **Bound.** At most ``capacity`` messages wait per receiver, and
///   ``capacityPerResource`` on one of its resources; beyond either a message is
///   refused (429), so a receiver away for long costs bounded room, no message is
///   dropped without the application server knowing, and one application server (one
///   resource URL) cannot fill the receiver's queue and shut the others out.
public struct PushAgentQueue: Sendable, Equatable {
    /// What became of a message handed to ``enqueue(_:isConnected:now:)``.
    public enum Outcome: Sendable, Equatable {
        /// Waiting to be sent.
        case queued
        /// Waiting, in place of these older ones with its topic (their identifiers).
        case replaced([String])
        /// `TTL: 0` for a receiver that is not connected: never delivered.
        case notConnected
    }

    /// The most messages waiting per receiver.
    public static let capacity = 1_000
    /// The most messages waiting on one resource.
    public static let capacityPerResource = 100

    public private(set) var messages: [PushResourceMessage] = []

    public init(messages: [PushResourceMessage] = []) {
        self.messages = messages
    }

    /// Keeps a message for the receiver.
    ///
    /// - Throws: ``PushResourceRefusal`` `tooManyMessages` when ``capacity`` wait already.
    public mutating func enqueue(_ message: PushResourceMessage, isConnected: Bool, now: Date) throws -> Outcome {
        if message.isNowOrNever && !isConnected { return .notConnected }
        var replaced: [String] = []
        if let topic = message.topic {
            replaced = messages.filter { $0.resource == message.resource && $0.topic == topic }.map(\.id)
            messages.removeAll { $0.resource == message.resource && $0.topic == topic }
        }
        guard messages.count < Self.capacity else { throw PushResourceRefusal.tooManyMessages }
        guard messages.count(where: { $0.resource == message.resource }) < Self.capacityPerResource else {
            throw PushResourceRefusal.tooManyOnResource
        }
        var kept = message
        kept.isSent = false
        messages.append(kept)
        return replaced.isEmpty ? .queued : .replaced(replaced)
    }

    /// The messages to send now, in order, marked sent; expired ones are dropped
    /// first and returned as `dropped`.
    public mutating func takeUnsent(now: Date) -> (sent: [PushResourceMessage], dropped: [PushResourceMessage]) {
        let dropped = dropExpired(now: now)
        var sent: [PushResourceMessage] = []
        for index in messages.indices where !messages[index].isSent {
            messages[index].isSent = true
            sent.append(messages[index])
        }
        return (sent, dropped)
    }

    /// The receiver has the message `id`: it is forgotten, and returned (`nil` when
    /// no message waiting has it, as for an acknowledgement repeated).
    public mutating func acknowledge(_ id: String) -> PushResourceMessage? {
        guard let index = messages.firstIndex(where: { $0.id == id }) else { return nil }
        return messages.remove(at: index)
    }

    /// The connection was cut: what was sent and not acknowledged is sent again on
    /// the next, in order, except now-or-never messages, which are dropped and returned.
    public mutating func disconnected() -> [PushResourceMessage] {
        let dropped = messages.filter(\.isNowOrNever)
        messages.removeAll(where: \.isNowOrNever)
        for index in messages.indices { messages[index].isSent = false }
        return dropped
    }

    /// Drops the messages whose expiration passed; returns them.
    @discardableResult
    public mutating func dropExpired(now: Date) -> [PushResourceMessage] {
        let isExpired = { (message: PushResourceMessage) in message.expiresAt.map { $0 <= now } ?? false }
        let expired = messages.filter(isExpired)
        messages.removeAll(where: isExpired)
        return expired
    }

    /// Drops the messages of the resource `token` (it was removed); returns them.
    public mutating func removeResource(_ token: String) -> [PushResourceMessage] {
        let removed = messages.filter { $0.resource == token }
        messages.removeAll { $0.resource == token }
        return removed
    }
}
