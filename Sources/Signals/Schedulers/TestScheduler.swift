public import Foundation
import Synchronization

/// A scheduler on virtual time, for deterministic tests that never sleep.
///
/// Nothing runs until the test advances the clock. When `advance(by:)` or `advance(to:)`
/// returns, every action due up to that instant has run — including actions those
/// actions scheduled for times up to it — in date order (ties in scheduling order),
/// and `now` is the target date. While an action runs, `now` is its due date.
///
/// ```swift
/// let scheduler = TestScheduler()
/// scheduler.schedule(afterDelay: 5) { print("five seconds later") }
/// scheduler.advance(by: 4)   // nothing
/// scheduler.advance(by: 1)   // prints
/// ```
///
/// It is thread-safe: no lock is held while an action runs, so actions may schedule
/// more work or read `now`.
public final class TestScheduler: DateScheduler {
    fileprivate struct Entry {
        var date: Date
        let order: UInt64
        let item: ScheduledItem

        func runsBefore(_ other: Entry) -> Bool {
            date < other.date || (date == other.date && order < other.order)
        }
    }

    fileprivate struct State {
        var now: Date
        var heap: [Entry] = []
        var nextOrder: UInt64 = 0
    }

    private let state: Locked<State>

    /// Creates a scheduler whose clock starts at `startDate`
    /// (by default 2001-01-01 00:00:00 UTC, Foundation's reference date).
    public init(startDate: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        state = Locked(State(now: startDate))
    }

    /// The virtual time.
    public var now: Date {
        state.withLock { $0.now }
    }

    /// The number of actions waiting to run (cancelled ones are not counted).
    public var scheduledCount: Int {
        state.withLock { state in state.heap.count { !$0.item.isDisposed } }
    }

    /// The due date of the earliest waiting action, or `nil` when none waits.
    public var nextDate: Date? {
        state.withLock { state in state.heap.filter { !$0.item.isDisposed }.map(\.date).min() }
    }

    // MARK: Scheduling

    /// Schedules `action` to run at the current virtual time, on the next advance.
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        enqueue(ScheduledItem(action: action, interval: nil)) { $0.now }
    }

    @discardableResult
    public func schedule(after date: Date, action: @escaping @Sendable () -> Void) -> any Disposable {
        enqueue(ScheduledItem(action: action, interval: nil)) { _ in date }
    }

    /// Schedules a repeating action; virtual time ignores `leeway`.
    ///
    /// - Precondition: `interval > 0`.
    @discardableResult
    public func schedule(
        after date: Date,
        interval: TimeInterval,
        leeway: TimeInterval,
        action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        precondition(interval > 0, "a repeating schedule needs an interval > 0, got \(interval)")
        return enqueue(ScheduledItem(action: action, interval: interval)) { _ in date }
    }

    private func enqueue(_ item: ScheduledItem, at date: (State) -> Date) -> any Disposable {
        state.withLock { state in
            state.push(Entry(date: date(state), order: state.nextOrder, item: item))
        }
        return item
    }

    // MARK: Advancing

    /// Runs the actions due at the current time (and those they schedule for it).
    public func advance() {
        advance(by: 0)
    }

    /// Moves the clock `seconds` forward, running every action due on the way.
    ///
    /// - Precondition: `seconds >= 0`; virtual time never goes back.
    public func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0, "TestScheduler cannot go back in time (advance(by: \(seconds)))")
        advance(to: now.addingTimeInterval(seconds))
    }

    /// Moves the clock to `date`, running every action due up to it, in order.
    ///
    /// - Precondition: `date` is not before `now`.
    public func advance(to date: Date) {
        let start = now
        precondition(date >= start, "TestScheduler cannot go back in time (from \(start) to \(date))")
        while let item = nextDue(until: date) {
            item.run()
            if let interval = item.interval, !item.isDisposed {
                reschedule(item, interval: interval)
            }
        }
    }

    /// Runs every waiting action, moving the clock to each one's date, until none is left.
    ///
    /// Repeating actions would never let the queue empty, so they run only up to the date of
    /// the last one-shot action; dispose them to end them.
    public func run() {
        while let last = state.withLock({ state in
            state.heap.filter { !$0.item.isDisposed && $0.item.interval == nil }.map(\.date).max()
        }) {
            advance(to: max(last, now))
        }
    }

    /// Pops the earliest live action due no later than `limit`, moving the clock to its date;
    /// moves the clock to `limit` and returns `nil` when none is due.
    private func nextDue(until limit: Date) -> ScheduledItem? {
        state.withLock { state in
            while let first = state.heap.first, first.date <= limit {
                state.popFirst()
                if first.item.isDisposed { continue }
                if first.date > state.now { state.now = first.date }
                return first.item
            }
            if limit > state.now { state.now = limit }
            return nil
        }
    }

    private func reschedule(_ item: ScheduledItem, interval: TimeInterval) {
        state.withLock { state in
            state.push(Entry(date: state.now.addingTimeInterval(interval), order: state.nextOrder, item: item))
        }
    }
}

extension TestScheduler.State {
    fileprivate mutating func push(_ entry: TestScheduler.Entry) {
        nextOrder += 1
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].runsBefore(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    fileprivate mutating func popFirst() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, heap[left].runsBefore(heap[first]) { first = left }
            if right < heap.count, heap[right].runsBefore(heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}

/// One action waiting on a `TestScheduler`; disposing it cancels the action.
private final class ScheduledItem: Disposable {
    let action: @Sendable () -> Void
    let interval: TimeInterval?
    private let cancelled = Atomic<Bool>(false)

    init(action: @escaping @Sendable () -> Void, interval: TimeInterval?) {
        self.action = action
        self.interval = interval
    }

    var isDisposed: Bool { cancelled.load(ordering: .acquiring) }

    func dispose() { cancelled.store(true, ordering: .releasing) }

    func run() {
        if !isDisposed { action() }
    }
}
