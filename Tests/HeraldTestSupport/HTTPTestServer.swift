public import Foundation
import Synchronization

/// A request the ``HTTPTestServer`` received.
public struct RecordedRequest: Sendable {
    public var method: String
    /// The raw target: path and query, percent-encoded as sent.
    public var target: String
    public var headers: [String: String]
    public var body: Data
}

/// An answer of the ``HTTPTestServer``.
public struct CannedResponse: Sendable {
    public var status: Int
    public var body: String

    public init(_ status: Int, _ body: String = "") {
        self.status = status
        self.body = body
    }
}

/// An HTTP/1.1 server on loopback that records each request and answers it
/// with `respond`; one request per connection.
public final class HTTPTestServer: Sendable {
    private final class Log: Sendable {
        let requests = Mutex<[RecordedRequest]>([])
    }

    private let server: LoopbackServer
    private let log = Log()

    public init(respond: @escaping @Sendable (RecordedRequest) -> CannedResponse) throws {
        let recorded = log
        server = try LoopbackServer { connection in
            guard let (line, headers) = connection.readHead() else { return }
            let words = line.split(separator: " ").map(String.init)
            let body = Data(connection.read(Int(headers["content-length"] ?? "0") ?? 0))
            let request = RecordedRequest(method: words[0], target: words[1], headers: headers, body: body)
            recorded.requests.withLock { $0.append(request) }
            let answer = respond(request)
            connection.write(
                "HTTP/1.1 \(answer.status) X\r\nContent-Type: application/json\r\nContent-Length: \(answer.body.utf8.count)\r\nConnection: close\r\n\r\n\(answer.body)"
            )
        }
    }

    deinit {
        server.stop()
    }

    public var url: String { "http://127.0.0.1:\(server.port)" }
    public var requests: [RecordedRequest] { log.requests.withLock { $0 } }
}
