import Testing

@testable import HeraldClient

struct WebSocketStateMachineTests {
    private func text(_ string: String, fin: Bool = true, opcode: WebSocketFrame.Opcode = .text) -> WebSocketFrame {
        WebSocketFrame(fin: fin, opcode: opcode, payload: Array(string.utf8))
    }

    @Test func fragmentedTextIsOneMessage() {
        var machine = WebSocketStateMachine()
        #expect(machine.receive(text("{\"ty", fin: false)) == [])
        #expect(machine.receive(WebSocketFrame(opcode: .ping, payload: [7])) == [
            .send(WebSocketFrame(opcode: .pong, payload: [7]))
        ])
        #expect(machine.receive(text("pe\":", fin: false, opcode: .continuation)) == [])
        #expect(machine.receive(text("1}", opcode: .continuation)) == [.deliver("{\"type\":1}")])
        #expect(machine.receive(text("next")) == [.deliver("next")])
    }

    @Test func serverCloseIsEchoedAndEndsNormally() {
        var machine = WebSocketStateMachine()
        #expect(machine.receive(.close(code: 1001, reason: "shutting down")) == [
            .send(.close(code: 1001)), .finish(nil),
        ])
        #expect(machine.isClosed)
        #expect(machine.receive(text("late")) == [])
    }

    @Test func serverCloseWithAnErrorCodeFails() {
        var machine = WebSocketStateMachine()
        let actions = machine.receive(.close(code: 1011, reason: "oops"))
        #expect(actions == [
            .send(.close(code: 1011)), .finish(WebSocketFailure(1011, "the server closed the connection: oops")),
        ])
    }

    @Test func ourCloseWaitsForTheServersClose() {
        var machine = WebSocketStateMachine()
        #expect(machine.close() == [.send(.close(code: 1000))])
        #expect(machine.close() == [])
        #expect(machine.receive(text("in flight")) == [])
        #expect(machine.receive(WebSocketFrame(opcode: .close)) == [.finish(nil)])
    }

    @Test func lostConnectionFailsUnlessClosing() {
        var open = WebSocketStateMachine()
        #expect(open.connectionLost("gone") == [.finish(WebSocketFailure(1006, "gone"))])
        var closing = WebSocketStateMachine()
        _ = closing.close()
        #expect(closing.connectionLost("gone") == [.finish(nil)])
    }

    @Test func protocolErrorsCloseWithTheirCode() {
        var stray = WebSocketStateMachine()
        #expect(stray.receive(text("x", opcode: .continuation)).first == .send(.close(code: 1002)))
        var interleaved = WebSocketStateMachine()
        _ = interleaved.receive(text("a", fin: false))
        #expect(interleaved.receive(text("b")).first == .send(.close(code: 1002)))
        var badText = WebSocketStateMachine()
        #expect(badText.receive(WebSocketFrame(opcode: .text, payload: [0xC3, 0x28])).first == .send(.close(code: 1007)))
        var binary = WebSocketStateMachine()
        #expect(binary.receive(WebSocketFrame(opcode: .binary, payload: [1])).first == .send(.close(code: 1003)))
        var small = WebSocketStateMachine(maximumMessageLength: 4)
        _ = small.receive(text("abc", fin: false))
        #expect(small.receive(text("de", opcode: .continuation)).first == .send(.close(code: 1009)))
        #expect(small.isClosed)
    }
}
