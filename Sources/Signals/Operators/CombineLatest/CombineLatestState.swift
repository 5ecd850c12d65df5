/// The state of a two-signal `combineLatest`: the latest value of each side, which sides have
/// completed, and the delivery queue. Pure: `CombineLatestStorage` holds it in a `Locked`.
///
/// Updating the latest values and claiming or queueing the delivery happen under one lock, so
/// the pairs reach the subscriber in the order the state changed, even with concurrent senders,
/// and no lock is held while the subscriber runs.
@usableFromInline
struct CombineLatestState<A: Sendable, B: Sendable, Failure: Error> {
    @usableFromInline typealias Output = Event<(A, B), Failure>

    @usableFromInline var latestA: A?
    @usableFromInline var latestB: B?
    @usableFromInline var completedA = false
    @usableFromInline var completedB = false
    @usableFromInline var isDelivering = false
    @usableFromInline var queue = DrainQueue<Output>()

    @inlinable
    init() {}

    /// Records a value of the first signal; returns the pair to deliver now, if any.
    @inlinable
    mutating func receiveA(_ value: A) -> Output? {
        latestA = value
        guard let latestB else { return nil }
        return deliverOrQueue(.next((value, latestB)))
    }

    /// Records a value of the second signal; returns the pair to deliver now, if any.
    @inlinable
    mutating func receiveB(_ value: B) -> Output? {
        latestB = value
        guard let latestA else { return nil }
        return deliverOrQueue(.next((latestA, value)))
    }

    /// Records that the first signal completed; returns the completion to deliver now, if any.
    @inlinable
    mutating func completeA() -> Output? {
        completedA = true
        return completedB ? deliverOrQueue(.completed) : nil
    }

    /// Records that the second signal completed; returns the completion to deliver now, if any.
    @inlinable
    mutating func completeB() -> Output? {
        completedB = true
        return completedA ? deliverOrQueue(.completed) : nil
    }

    @inlinable
    mutating func fail(_ error: Failure) -> Output? {
        deliverOrQueue(.error(error))
    }

    /// The caller delivers `output` if nobody is delivering; otherwise the deliverer will.
    @inlinable
    mutating func deliverOrQueue(_ output: Output) -> Output? {
        if isDelivering {
            queue.append(output)
            return nil
        }
        isDelivering = true
        return output
    }

    /// The next queued output for the deliverer, or `nil` when it is done delivering.
    @inlinable
    mutating func nextQueued() -> Output? {
        let next = queue.popFirst()
        if next == nil { isDelivering = false }
        return next
    }
}

/// The state of an n-signal `combineLatest`: the latest value of each input, how many
/// inputs have not sent yet, and how many have not completed.
struct CombineLatestArrayState<Element> {
    private var latest: [Element?]
    private var missing: Int
    private var running: Int

    init(count: Int) {
        latest = Array(repeating: nil, count: count)
        missing = count
        running = count
    }

    /// Records a value of input `index`; returns every input's latest value once all have one.
    mutating func receive(_ value: Element, at index: Int) -> [Element]? {
        if latest[index] == nil { missing -= 1 }
        latest[index] = value
        guard missing == 0 else { return nil }
        return latest.map { $0! }
    }

    /// Records that one input completed; returns whether the result completes now.
    mutating func complete() -> Bool {
        running -= 1
        return running == 0
    }
}
