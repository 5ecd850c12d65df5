import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PushService
import Synchronization

/// The daemon's Web Push transport: AsyncHTTPClient, which keeps connections to each
/// push service open and speaks HTTP/2 where the service does (Mozilla's and Google's
/// do), many messages at once on one connection. A redirect is refused, as for
/// webhooks; an answer's body is read (at most 64 KiB) and dropped. No traces are
/// recorded.
///
/// The client is made on the first message and shut down by ``shutdown()`` when the
/// daemon stops: a daemon that never sends has none.
final class HTTPClientWebPushTransport: Sendable {
    private let client = Mutex<HTTPClient?>(nil)
    /// How long a message may take, connection included.
    static let timeout: TimeAmount = .seconds(10)

    init() {}

    /// The status and `Retry-After` of the answer to `request`; throws on a network error.
    func send(_ request: WebPushRequest) async throws -> (status: Int, retryAfter: String?) {
        var post = HTTPClientRequest(url: request.url.absoluteString)
        post.method = .POST
        for field in request.fields { post.headers.add(name: field.name, value: field.value) }
        post.body = .bytes(ByteBuffer(bytes: request.body))
        let response = try await madeClient().execute(post, timeout: Self.timeout)
        _ = try? await response.body.collect(upTo: 64 * 1024)
        return (Int(response.status.code), response.headers.first(name: "Retry-After"))
    }

    /// Closes the client's connections; a later message makes a new one.
    func shutdown() async {
        let made = client.withLock { client in
            defer { client = nil }
            return client
        }
        try? await made?.shutdown()
    }

    private func madeClient() -> HTTPClient {
        client.withLock { client in
            if let client { return client }
            var configuration = HTTPClient.Configuration(
                redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(10)))
            configuration.httpVersion = .automatic
            // The daemon records no traces: no span (and its attributes) made per message.
            configuration.tracing.tracer = nil
            let made = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            client = made
            return made
        }
    }
}
