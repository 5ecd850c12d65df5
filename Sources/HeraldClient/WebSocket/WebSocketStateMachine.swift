/// A WebSocket client connection's protocol state after the handshake (RFC 6455
/// §5–7): frames in, actions out. It joins fragmented text messages, answers
/// pings, runs the closing handshake and fails on protocol errors; the
/// connection performs the actions.
struct WebSocketStateMachine {
    /// What the connection must do.
    enum Action: Hashable, Sendable {
        /// Hand a whole text message to the reader.
        case deliver(String)
        /// Write this frame (the connection masks it).
        case send(WebSocketFrame)
        /// The connection is over: close the socket and end the messages, with
        /// `nil` for a normal close or the reason it failed.
        case finish(WebSocketFailure?)
    }

    private enum State: Hashable {
        case open
        /// We sent a close frame and wait for the server's.
        case closing
        case closed
    }

    private var state = State.open
    private var fragments: [UInt8]?
    private var fragmentsAreText = true
    /// The largest message accepted, in bytes, once its fragments are joined.
    let maximumMessageLength: Int

    init(maximumMessageLength: Int = 1 << 24) {
        self.maximumMessageLength = maximumMessageLength
    }

    /// Whether the connection is over.
    var isClosed: Bool { state == .closed }

    /// What to do with a frame from the server.
    mutating func receive(_ frame: WebSocketFrame) -> [Action] {
        switch state {
        case .closed: return []
        case .closing: return frame.opcode == .close ? finish(nil) : []
        case .open: break
        }
        switch frame.opcode {
        case .ping: return [.send(WebSocketFrame(opcode: .pong, payload: frame.payload))]
        case .pong: return []
        case .close: return receiveClose(frame)
        case .text, .binary: return receiveStart(frame)
        case .continuation: return receiveContinuation(frame)
        }
    }

    /// Starts the closing handshake from our side.
    mutating func close(code: UInt16 = 1000, reason: String = "") -> [Action] {
        guard state == .open else { return [] }
        state = .closing
        return [.send(.close(code: code, reason: reason))]
    }

    /// The socket failed or reached its end: the connection is over.
    mutating func connectionLost(_ message: String) -> [Action] {
        guard state != .closed else { return [] }
        let wasClosing = state == .closing
        state = .closed
        return [.finish(wasClosing ? nil : WebSocketFailure(1006, message))]
    }

    /// Fails the connection: tells the server why and ends it.
    mutating func fail(_ failure: WebSocketFailure) -> [Action] {
        guard state != .closed else { return [] }
        let goodbye: [Action] = state == .open ? [.send(.close(code: failure.closeCode))] : []
        state = .closed
        return goodbye + [.finish(failure)]
    }

    private mutating func receiveClose(_ frame: WebSocketFrame) -> [Action] {
        let (code, reason) = frame.closeStatus
        let echo = Action.send(code == 1005 ? WebSocketFrame(opcode: .close) : .close(code: code))
        let normal: Set<UInt16> = [1000, 1001, 1005]
        let failure = normal.contains(code) ? nil : WebSocketFailure(code, "the server closed the connection: \(reason)")
        return [echo] + finish(failure)
    }

    private mutating func receiveStart(_ frame: WebSocketFrame) -> [Action] {
        guard fragments == nil else { return fail(WebSocketFailure(1002, "a new message began inside a fragmented one")) }
        fragmentsAreText = frame.opcode == .text
        fragments = []
        return append(frame)
    }

    private mutating func receiveContinuation(_ frame: WebSocketFrame) -> [Action] {
        guard fragments != nil else { return fail(WebSocketFailure(1002, "a continuation frame without a message")) }
        return append(frame)
    }

    private mutating func append(_ frame: WebSocketFrame) -> [Action] {
        fragments?.append(contentsOf: frame.payload)
        guard let bytes = fragments, bytes.count <= maximumMessageLength else {
            return fail(WebSocketFailure(1009, "a message is over the limit of \(maximumMessageLength) bytes"))
        }
        guard frame.fin else { return [] }
        fragments = nil
        guard fragmentsAreText else { return fail(WebSocketFailure(1003, "the event stream sends text messages only")) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return fail(WebSocketFailure(1007, "a text message is not valid UTF-8"))
        }
        return [.deliver(text)]
    }

    private mutating func finish(_ failure: WebSocketFailure?) -> [Action] {
        state = .closed
        return [.finish(failure)]
    }
}
