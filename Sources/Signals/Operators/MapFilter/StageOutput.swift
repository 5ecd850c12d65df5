/// Where a fused `map` stage sends a value that passed its filters: the subscriber's
/// receiver, or a second `map` of the same type fused into the stage (`MappedOutput`).
///
/// The stage's sinks are generic over it and specialized with the stage, so sending to
/// either is inlined: the second `map` costs its user closure and one lifetime check, not
/// a stage of its own (an indirect call and a frame per value).
@usableFromInline
protocol StageOutput<Sent>: Sendable {
    associatedtype Sent: Sendable
    /// The subscription's lifetime, which the stage checks between the user's closures.
    var lifetime: SubscriptionLifetime { get }
    /// Sends `value` on unless the subscription has ended.
    func send(_ value: Sent)
}

extension Receiver: StageOutput {
    // Named: `send(_: Event)` would make the inference ambiguous.
    @usableFromInline typealias Sent = Value
}

/// A `map` whose output type is its input type, fused after the rest of a stage: it
/// transforms each value it is sent and hands the result to the subscriber.
///
/// It checks that the subscription is still active before its closure, as its own stage
/// did (the `filter` before it may have disposed it), and the receiver checks after it.
@usableFromInline
struct MappedOutput<Value: Sendable, Failure: Error>: StageOutput {
    @usableFromInline typealias Sent = Value

    @usableFromInline let transform: @Sendable (Value) -> Value
    @usableFromInline let downstream: Receiver<Value, Failure>

    @inlinable
    init(_ transform: @escaping @Sendable (Value) -> Value, _ downstream: Receiver<Value, Failure>) {
        self.transform = transform
        self.downstream = downstream
    }

    @inlinable
    var lifetime: SubscriptionLifetime { downstream.lifetime }

    @inlinable
    func send(_ value: Value) {
        if downstream.lifetime.isActive { downstream.send(transform(value)) }
    }
}
