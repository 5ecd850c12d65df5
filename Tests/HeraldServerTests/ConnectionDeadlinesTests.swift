@testable import HeraldServer
import NIOCore
import Testing

@Suite("Connection deadlines, the state machine alone")
struct ConnectionDeadlinesTests {
    let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
    let timeouts = ConnectionTimeouts()

    func at(_ seconds: Int64) -> NIODeadline { start + .seconds(seconds) }

    @Test("silent: closed without a word 5 s after connecting when no byte came")
    func silent() {
        let machine = ConnectionDeadlines(timeouts: timeouts, now: start)
        #expect(machine.deadline == at(5))
        #expect(machine.expiry(now: at(4)) == nil)
        #expect(machine.expiry(now: at(5)) == .close)
        #expect(machine.waitingSince == start)
    }

    @Test("idle: closed without a word 60 s after the last answer")
    func idle() {
        var machine = ConnectionDeadlines(timeouts: timeouts, now: start)
        machine.bytesArrived(now: at(1))
        machine.headerRead(now: at(1))
        machine.requestEnded(now: at(1))
        #expect(machine.deadline == nil, "the daemon is answering: no deadline")
        #expect(machine.waitingSince == nil, "nor is it waiting for its client")
        machine.answerBegan()
        machine.answerEnded(now: at(5))
        #expect(machine.deadline == at(65), "the idle limit, not the first-byte one, once a byte came")
        #expect(machine.expiry(now: at(64)) == nil)
        #expect(machine.expiry(now: at(65)) == .close)
        #expect(machine.waitingSince == at(5))
    }

    @Test("header: 10 s from its first byte, answered 408")
    func header() {
        var machine = ConnectionDeadlines(timeouts: timeouts, now: start)
        machine.bytesArrived(now: at(30))
        #expect(machine.deadline == at(40))
        machine.bytesArrived(now: at(35))
        #expect(machine.deadline == at(40), "more bytes of the same header do not extend it")
        #expect(machine.expiry(now: at(40)) == .answerThenClose)
    }

    @Test("body: 10 s between reads; once the answer has begun, only closed")
    func body() {
        var machine = ConnectionDeadlines(timeouts: timeouts, now: start)
        machine.bytesArrived(now: at(0))
        machine.headerRead(now: at(1))
        #expect(machine.deadline == at(11))
        machine.bodyRead(now: at(8))
        #expect(machine.deadline == at(18))
        #expect(machine.expiry(now: at(18)) == .answerThenClose)
        machine.answerBegan()
        #expect(machine.expiry(now: at(18)) == .close)
        #expect(machine.malformedRequest == .close)
    }

    @Test("a malformed request is answered 400 unless an answer is being written")
    func malformed() {
        var machine = ConnectionDeadlines(timeouts: timeouts, now: start)
        #expect(machine.malformedRequest == .answerThenClose)
        machine.headerRead(now: at(0))
        machine.answerBegan()
        #expect(machine.malformedRequest == .close)
    }
}
