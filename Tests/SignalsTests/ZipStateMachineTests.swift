@testable import Signals
import Testing

/// The pure state machine behind `zip`.
@Suite struct ZipStateMachineTests {
    /// An action, rendered for comparison: `pair(a,1)`, `pair(a,1)+completed`, `completed`, `wait`.
    private func render(_ action: ZipStateMachine<String, Int>.Action) -> String {
        switch action {
        case .wait: "wait"
        case .send(let pair): "pair(\(pair.0),\(pair.1))"
        case .sendAndComplete(let pair): "pair(\(pair.0),\(pair.1))+completed"
        case .complete: "completed"
        }
    }

    @Test func pairsTheNthValuesOfEachSideInOrder() {
        var machine = ZipStateMachine<String, Int>()
        #expect(render(machine.left("a")) == "wait")
        #expect(render(machine.left("b")) == "wait")
        #expect(render(machine.right(1)) == "pair(a,1)")
        #expect(render(machine.right(2)) == "pair(b,2)")
        #expect(render(machine.right(3)) == "wait")
        #expect(render(machine.left("c")) == "pair(c,3)")
    }

    @Test func aSideCompletingWithNothingBufferedCompletesAtOnce() {
        var machine = ZipStateMachine<String, Int>()
        #expect(render(machine.right(1)) == "wait")
        #expect(render(machine.leftCompleted()) == "completed")
    }

    @Test func aSideCompletingWithValuesBufferedWaitsForTheirPartners() {
        var machine = ZipStateMachine<String, Int>()
        _ = machine.left("a")
        _ = machine.left("b")
        #expect(render(machine.leftCompleted()) == "wait")
        #expect(render(machine.right(1)) == "pair(a,1)")
        #expect(render(machine.right(2)) == "pair(b,2)+completed")
    }

    @Test func theOtherSideCompletingDoesNotEndAZipThatCanStillPair() {
        var machine = ZipStateMachine<String, Int>()
        _ = machine.right(1)
        #expect(render(machine.rightCompleted()) == "wait")
        #expect(render(machine.left("a")) == "pair(a,1)+completed")
    }
}
