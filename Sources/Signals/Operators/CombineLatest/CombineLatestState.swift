/// The state of a two-signal `combineLatest`: the latest value of each side and which sides
/// have completed. Pure: the storage holds it in a `Mutex` and performs the actions it returns.
@usableFromInline
struct CombineLatestState<A, B> {
    @inlinable
    init() {}

    @usableFromInline var latestA: A?
    @usableFromInline var latestB: B?
    @usableFromInline var completedA = false
    @usableFromInline var completedB = false

    /// Records a value of the first signal; returns the pair to send once both sides have one.
    @inlinable
    mutating func receiveA(_ value: A) -> (A, B)? {
        latestA = value
        guard let latestB else { return nil }
        return (value, latestB)
    }

    /// Records a value of the second signal; returns the pair to send once both sides have one.
    @inlinable
    mutating func receiveB(_ value: B) -> (A, B)? {
        latestB = value
        guard let latestA else { return nil }
        return (latestA, value)
    }

    /// Records that the first signal completed; returns whether the result completes now.
    @inlinable
    mutating func completeA() -> Bool {
        completedA = true
        return completedB
    }

    /// Records that the second signal completed; returns whether the result completes now.
    @inlinable
    mutating func completeB() -> Bool {
        completedB = true
        return completedA
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
