/// The decisions of `delay`, without locks, timers or observers: events in, actions out.
///
/// Every value and the completion is held, numbered in arrival order, and gets a timer of its
/// own. A timer releases its event and every earlier one still held, so events leave in
/// arrival order even if a scheduler ran two timers out of order. An error releases nothing:
/// it drops what is held.
struct DelayStateMachine<Value: Sendable, Failure: Error>: Sendable {
    /// What to do with a value or the completion.
    enum HoldAction: Sendable {
        /// Start a timer that releases the events numbered up to `number`.
        case startTimer(releasingThrough: UInt64)
    }

    private var events: [(number: UInt64, event: Event<Value, Failure>)] = []
    private var nextNumber: UInt64 = 0

    init() {}

    /// A value or the completion arrived: it is held until its timer fires.
    mutating func hold(_ event: Event<Value, Failure>) -> HoldAction {
        defer { nextNumber += 1 }
        events.append((nextNumber, event))
        return .startTimer(releasingThrough: nextNumber)
    }

    /// The timer releasing through `number` fired: the events to send now, in order.
    mutating func timerFired(releasingThrough number: UInt64) -> [Event<Value, Failure>] {
        let count = events.prefix { $0.number <= number }.count
        defer { events.removeFirst(count) }
        return events.prefix(count).map(\.event)
    }

    /// The upstream failed: everything held is dropped (the error itself is not delayed).
    mutating func failed() {
        events.removeAll()
    }
}
