import Foundation
import Synchronization

/// A WebSocket client connection (RFC 6455) over a plain TCP socket: `ws://`
/// only, no TLS and no extensions — what the Herald daemon's loopback event
/// stream needs. Foundation's `URLSessionWebSocketTask` cannot serve here: on
/// Linux it needs a libcurl built with WebSocket support, which Debian's is not.
///
/// Each connection has its own thread that reads the socket, so blocking reads
/// never hold a thread of the concurrency pool. Text messages arrive on
/// ``messages``; pings are answered; ``close()`` or ending the iteration of
/// ``messages`` closes the connection.
final class WebSocketConnection: Sendable {
    /// The text messages the server sends, in order. Ends when the connection
    /// closes normally; throws a ``WebSocketFailure`` when it fails.
    let messages: AsyncThrowingStream<String, any Error>

    private struct Core {
        var machine = WebSocketStateMachine()
        /// The reading thread has closed the descriptor: nothing may be sent.
        var released = false
    }

    private let socket: POSIXSocket
    private let core = Mutex(Core())
    private let continuation: AsyncThrowingStream<String, any Error>.Continuation

    private init(socket: POSIXSocket) {
        self.socket = socket
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    /// Connects to `host:port` and performs the opening handshake; returns once
    /// the server has accepted it.
    ///
    /// - Throws: ``POSIXSocket/Failure`` when the connection fails,
    ///   ``WebSocketHandshakeError`` when the server refuses the upgrade.
    static func open(
        host: String, port: Int, handshake: WebSocketHandshake, timeoutSeconds: Int = 10
    ) async throws -> WebSocketConnection {
        try await withCheckedThrowingContinuation { opened in
            let thread = Thread {
                let connection: WebSocketConnection
                let leftover: [UInt8]
                do {
                    (connection, leftover) = try connect(host: host, port: port, handshake, timeoutSeconds)
                } catch {
                    return opened.resume(throwing: error)
                }
                connection.continuation.onTermination = { _ in connection.close() }
                opened.resume(returning: connection)
                connection.read(startingWith: leftover)
            }
            thread.name = "Herald WebSocket"
            thread.start()
        }
    }

    /// Starts the closing handshake (status 1000) and ends the connection; the
    /// messages already received stay readable.
    func close() {
        apply { $0.close() }
        // Wakes the reading thread, unless it is gone and the descriptor may be reused.
        core.withLock { core in
            if !core.released { socket.shutdown() }
        }
    }

    private static func connect(
        host: String, port: Int, _ handshake: WebSocketHandshake, _ timeoutSeconds: Int
    ) throws -> (WebSocketConnection, [UInt8]) {
        let socket = try POSIXSocket.connect(host: host, port: port)
        do {
            socket.setReceiveTimeout(seconds: timeoutSeconds)
            try socket.send(handshake.request)
            let (head, bytes, bodyStart) = try readHead(socket)
            let body = head.status == 101 ? [] : try readBody(socket, head, Array(bytes[bodyStart...]))
            try handshake.validate(head, body: body)
            socket.setReceiveTimeout(seconds: 0)
            return (WebSocketConnection(socket: socket), Array(bytes[bodyStart...]))
        } catch {
            socket.close()
            throw error
        }
    }

    private static func readHead(_ socket: POSIXSocket) throws -> (HTTPResponseHead, [UInt8], Int) {
        var received: [UInt8] = []
        while received.count < 65_536 {
            let bytes = try socket.receive()
            guard !bytes.isEmpty else {
                throw WebSocketHandshakeError.invalid("the server closed the connection during the handshake")
            }
            received += bytes
            if let (head, bodyStart) = try HTTPResponseHead.parse(received) { return (head, received, bodyStart) }
        }
        throw WebSocketHandshakeError.invalid("the server's answer to the handshake has no end")
    }

    /// The body of a refusal, as far as its `Content-Length` says (64 KiB at most).
    private static func readBody(_ socket: POSIXSocket, _ head: HTTPResponseHead, _ start: [UInt8]) throws -> [UInt8] {
        let length = min(Int(head["content-length"] ?? "") ?? 0, 65_536)
        var body = start
        while body.count < length {
            let bytes = try socket.receive()
            if bytes.isEmpty { break }
            body += bytes
        }
        return Array(body.prefix(length))
    }

    /// The reading thread's loop: frames in, actions out, until the connection is over.
    private func read(startingWith leftover: [UInt8]) {
        var decoder = WebSocketFrameDecoder()
        decoder.append(leftover)
        while !core.withLock({ $0.machine.isClosed }) {
            do {
                while let frame = try decoder.nextFrame() { apply { $0.receive(frame) } }
                let bytes = try socket.receive()
                if bytes.isEmpty { apply { $0.connectionLost("the daemon closed the connection") } }
                decoder.append(bytes)
            } catch let failure as WebSocketFailure {
                apply { $0.fail(failure) }
            } catch {
                apply { $0.connectionLost("\(error)") }
            }
        }
        core.withLock { $0.released = true }
        socket.close()
    }

    /// Runs a transition of the state machine and performs its actions: frames
    /// are written under the lock, so writes never interleave.
    private func apply(_ transition: (inout WebSocketStateMachine) -> [WebSocketStateMachine.Action]) {
        let actions = core.withLock { core in
            let actions = transition(&core.machine)
            for case .send(let frame) in actions where !core.released {
                try? socket.send(frame.encoded(maskingKey: Self.maskingKey()))
            }
            return actions
        }
        for action in actions {
            switch action {
            case .deliver(let text): continuation.yield(text)
            case .finish(let failure): continuation.finish(throwing: failure)
            case .send: break
            }
        }
    }

    private static func maskingKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
