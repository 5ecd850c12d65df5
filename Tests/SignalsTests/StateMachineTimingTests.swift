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

    @Test func delayMachineReleasesInArrivalOrderEvenWhenTimersRunOutOfOrder() {
        var machine = DelayStateMachine<Int, Never>()
        guard case .startTimer(let first) = machine.hold(.next(1)),
              case .startTimer(let second) = machine.hold(.next(2)),
              case .startTimer(let third) = machine.hold(.completed)
        else { Issue.record("every held event starts a timer"); return }
        #expect(Set([first, second, third]).count == 3)
        #expect(machine.timerFired(releasingThrough: second).map(\.description) == ["next(1)", "next(2)"])
        #expect(machine.timerFired(releasingThrough: first).isEmpty)
        #expect(machine.timerFired(releasingThrough: third).map(\.description) == ["completed"])
    }

    @Test func delayMachineDropsWhatItHoldsWhenTheUpstreamFails() {
        var machine = DelayStateMachine<Int, Never>()
        guard case .startTimer(let first) = machine.hold(.next(1)) else { return }
        guard case .startTimer(let second) = machine.hold(.next(2)) else { return }
        machine.failed()
        #expect(machine.timerFired(releasingThrough: first).isEmpty)
        #expect(machine.timerFired(releasingThrough: second).isEmpty)
    }

    @Test func delayMachineReleasesEachEventOnce() {
        var machine = DelayStateMachine<String, Never>()
        guard case .startTimer(let first) = machine.hold(.next("a")) else { return }
        #expect(machine.timerFired(releasingThrough: first).map(\.description) == ["next(a)"])
        guard case .startTimer(let second) = machine.hold(.next("b")) else { return }
        #expect(machine.timerFired(releasingThrough: second).map(\.description) == ["next(b)"])
        #expect(machine.timerFired(releasingThrough: second).isEmpty)
    }

    @Test func timeoutMachineLetsTheUpstreamEndFirstAndThenIgnoresTheTimer() {
        var machine = TimeoutStateMachine()
        #expect(machine.upstreamTerminated() == .forward)
        #expect(machine.timerFired() == .ignore)
        #expect(machine.upstreamTerminated() == .drop)
    }

    @Test func timeoutMachineFailsWhenTheTimerComesFirstAndDropsTheLateTermination() {
        var machine = TimeoutStateMachine()
        #expect(machine.timerFired() == .fail)
        #expect(machine.upstreamTerminated() == .drop)
        #expect(machine.timerFired() == .ignore)
    }
}
