public import Foundation

/// Where the push service keeps its push resources (RFC 8030) and the messages
/// waiting on them, each receiver's as a ``PushAgentQueue`` decides: in order,
/// replaced by topic, until acknowledged or expired. Every call is one transaction;
/// a message the service answered `201` for is in the store before the answer, and
/// survives the service's crash.
public protocol PushResourceStore: Sendable {
    /// The resource of `agent` for `channel`: the one it has when the key is the same
    /// (a receiver registering again gets the same URL), else a new one, the old one
    /// and its messages gone.
    ///
    /// - Throws: ``PushServiceError`` `tooManySubscriptions` at
    ///   ``PushResource/capacityPerAgent``, or ``PushResource/capacity`` in all; `storeFailure`.
    func subscribe(agent: PushAgent, channel: String, applicationServerKey: Data?, now: Date) async throws -> PushResource

    /// The resource with this token, if any.
    func resource(token: String) async throws -> PushResource?

    /// The resources of `agent`, oldest first.
    func resources(of agent: PushAgent) async throws -> [PushResource]

    /// The receivers of `kind` holding at least one resource.
    func agents(of kind: PushAgent.Kind) async throws -> [PushAgent]

    /// Removes `agent`'s resource for `channel` and its messages; returns it.
    @discardableResult
    func unsubscribe(agent: PushAgent, channel: String, now: Date) async throws -> PushResource?

    /// Removes every resource of `agent`, and its messages.
    func remove(agent: PushAgent, now: Date) async throws

    /// Keeps a message for the receiver of its resource, as
    /// ``PushAgentQueue/enqueue(_:isConnected:now:)``.
    ///
    /// - Throws: ``PushResourceRefusal`` `notFound` when the resource is gone (removed
    ///   since it was read), `tooManyMessages` at ``PushAgentQueue/capacity``;
    ///   ``PushServiceError`` `storeFailure`.
    func enqueue(_ message: PushResourceMessage, for agent: PushAgent, isConnected: Bool, now: Date) async throws
        -> PushAgentQueue.Outcome

    /// The receiver's messages to send now, in order, marked sent; expired ones are dropped first.
    func takeUnsent(agent: PushAgent, now: Date) async throws -> [PushResourceMessage]

    /// The receiver has the message `id`; `false` when none of its messages waiting has it.
    @discardableResult
    func acknowledge(agent: PushAgent, id: String, now: Date) async throws -> Bool

    /// The receiver's connection is gone (or a new one begins): now-or-never messages
    /// are dropped, the others are sent again.
    func disconnected(agent: PushAgent, now: Date) async throws

    /// Drops every expired message, and the receipts kept past ``PushReceipt/lifetime``.
    func dropExpired(now: Date) async throws

    /// What became of message `id`, when its application server asked a receipt:
    /// `nil` for a message that did not, or whose receipt is no longer kept.
    func receipt(id: String) async throws -> PushReceipt?

    /// Calls `handler` with each receiver a message is kept for, once it is in the
    /// store, whichever node kept it; and with `nil` when any receiver may have got
    /// messages unannounced (the store lost touch with the other nodes and is back).
    func follow(_ handler: @escaping @Sendable (PushAgent?) -> Void)
}
