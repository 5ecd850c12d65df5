@testable import Signals
import Testing

/// The pure state machines behind the timing operators.
@Suite struct StateMachineTimingTests {
    @Test func throttleMachineSendsOnlyTheLatestGeneration() {
        var machine = ThrottleStateMachine<String>()
        guard case .startTimer(let first) = machine.next("a", throttled: true),
              case .startTimer(let second) = machine.next("b", throttled: true)
        else { Issue.record("throttled values must start a timer"); return }
        #expect(machine.timerFired(generation: first) == nil)
        #expect(machine.timerFired(generation: second) == "b")
        #expect(machine.timerFired(generation: second) == nil)
    }

    @Test func throttleMachineForwardsUntestedValuesAndDropsThePendingOne() {
        var machine = ThrottleStateMachine<String>()
        _ = machine.next("a", throttled: true)
        guard case .forward(let value) = machine.next("B", throttled: false) else {
            Issue.record("an untested value must be forwarded"); return
        }
        #expect(value == "B")
        #expect(machine.completed() == nil)
    }

    @Test func throttleMachineFlushesOnCompletionAndDropsOnFailure() {
        var machine = ThrottleStateMachine<Int>()
        _ = machine.next(1, throttled: true)
        #expect(machine.completed() == 1)
        _ = machine.next(2, throttled: true)
        machine.failed()
        #expect(machine.completed() == nil)
    }

    @Test func delayQueueReleasesInArrivalOrderEvenWhenTimersRunOutOfOrder() {
        var queue = DelayQueue<Int, Never>()
        let first = queue.append(.next(1))
        let second = queue.append(.next(2))
        let third = queue.append(.completed)
        #expect(queue.release(through: second).map(\.description) == ["next(1)", "next(2)"])
        #expect(queue.release(through: first).isEmpty)
        #expect(queue.release(through: third).map(\.description) == ["completed"])
    }
}
