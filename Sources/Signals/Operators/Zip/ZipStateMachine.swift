/// The decisions of `zip`, without locks or observers: events in, actions out.
///
/// Each side buffers its values until the other side has one to pair with. A side that has
/// completed with nothing buffered can make no more pairs, which completes the zip. Errors
/// need no state: they pass straight through.
struct ZipStateMachine<Left: Sendable, Right: Sendable>: Sendable {
    /// What to do after an event from either side.
    enum Action: Sendable {
        /// Nothing to send yet.
        case wait
        /// Send a pair.
        case send((Left, Right))
        /// Send a pair, then complete: that pair was the last one possible.
        case sendAndComplete((Left, Right))
        /// Complete: no more pairs can be made.
        case complete
    }

    private var left: [Left] = []
    private var right: [Right] = []
    private var isLeftCompleted = false
    private var isRightCompleted = false

    init() {}

    /// A value from the left side.
    mutating func left(_ value: Left) -> Action {
        left.append(value)
        return pairIfPossible()
    }

    /// A value from the right side.
    mutating func right(_ value: Right) -> Action {
        right.append(value)
        return pairIfPossible()
    }

    /// The left side completed.
    mutating func leftCompleted() -> Action {
        isLeftCompleted = true
        return isFinished ? .complete : .wait
    }

    /// The right side completed.
    mutating func rightCompleted() -> Action {
        isRightCompleted = true
        return isFinished ? .complete : .wait
    }

    private mutating func pairIfPossible() -> Action {
        let pair: (Left, Right)? =
            if !left.isEmpty, !right.isEmpty { (left.removeFirst(), right.removeFirst()) } else { nil }
        switch (pair, isFinished) {
        case (let pair?, false): return .send(pair)
        case (let pair?, true): return .sendAndComplete(pair)
        case (nil, true): return .complete
        case (nil, false): return .wait
        }
    }

    /// A side that completed with nothing buffered can make no more pairs.
    private var isFinished: Bool {
        (isLeftCompleted && left.isEmpty) || (isRightCompleted && right.isEmpty)
    }
}
