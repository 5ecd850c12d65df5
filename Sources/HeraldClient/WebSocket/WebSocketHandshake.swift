import Foundation

/// The opening handshake of a WebSocket client (RFC 6455 §4.1): the HTTP/1.1
/// upgrade request, and the checks on the server's answer.
struct WebSocketHandshake: Sendable {
    /// `host:port`, as the `Host` header carries it.
    var authority: String
    /// The path and query, such as `/v1/events?app=com.example.todo`.
    var target: String
    /// More headers, such as `Authorization`.
    var headers: [(name: String, value: String)]
    /// The base64 of 16 random bytes.
    var key: String

    init(authority: String, target: String, headers: [(name: String, value: String)], key: String? = nil) {
        self.authority = authority
        self.target = target
        self.headers = headers
        self.key = key ?? Self.randomKey()
    }

    /// The request's bytes.
    var request: [UInt8] {
        var lines = [
            "GET \(target) HTTP/1.1", "Host: \(authority)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13",
        ]
        lines += headers.map { "\($0.name): \($0.value)" }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The `Sec-WebSocket-Accept` value the server must send for `key`.
    static func acceptValue(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// Checks the server's answer; throws ``WebSocketHandshakeError`` unless it
    /// switched protocols with the right accept value.
    func validate(_ response: HTTPResponseHead, body: [UInt8]) throws {
        guard response.status == 101 else {
            throw WebSocketHandshakeError.rejected(status: response.status, body: body)
        }
        guard response["upgrade"]?.lowercased() == "websocket",
            response["connection"]?.lowercased().split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == "upgrade"
            }) == true
        else { throw WebSocketHandshakeError.invalid("the server did not upgrade to WebSocket") }
        guard response["sec-websocket-accept"] == Self.acceptValue(for: key) else {
            throw WebSocketHandshakeError.invalid("the server's Sec-WebSocket-Accept does not match the key")
        }
    }

    private static func randomKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64EncodedString()
    }
}

/// Why the opening handshake failed.
enum WebSocketHandshakeError: Error, Hashable, Sendable {
    /// The server answered with another status than 101, and this body.
    case rejected(status: Int, body: [UInt8])
    /// The answer is not a valid WebSocket upgrade.
    case invalid(String)
}

/// The status line and headers of an HTTP/1.1 response.
struct HTTPResponseHead: Hashable, Sendable {
    var status: Int
    /// Header names in lower case.
    var headers: [String: String]

    /// The value of a header, by its lower-case name.
    subscript(name: String) -> String? { headers[name] }

    /// The head at the start of `bytes`, and where the body begins; `nil` until
    /// the blank line that ends the head has arrived.
    static func parse(_ bytes: [UInt8]) throws -> (head: HTTPResponseHead, bodyStart: Int)? {
        let terminator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.dropLast(3).first(where: { bytes[$0..<$0 + 4].elementsEqual(terminator) }) else {
            return nil
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/1."), let status = Int(statusWords[1]) else {
            throw WebSocketHandshakeError.invalid("“\(lines[0])” is not an HTTP/1.1 status line")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (HTTPResponseHead(status: status, headers: headers), end + 4)
    }
}
