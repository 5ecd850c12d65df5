import Foundation
import PushService
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a Web Push message's POST to its push service.
protocol WebPushTransport: Sendable {
    /// The status and `Retry-After` of the answer to `request`; throws on a network error.
    func send(_ request: WebPushRequest) async throws -> (status: Int, retryAfter: String?)
}

/// The daemon's: the webhooks' `URLSession`, which never follows a redirect (a
/// push service that redirects is refused).
extension URLSessionWebhookTransport: WebPushTransport {
    func send(_ request: WebPushRequest) async throws -> (status: Int, retryAfter: String?) {
        var post = URLRequest(url: request.url)
        post.httpMethod = "POST"
        post.httpBody = request.body
        for field in request.fields { post.setValue(field.value, forHTTPHeaderField: field.name) }
        let answer = try await answer(to: post)
        return (answer?.statusCode ?? 0, answer?.value(forHTTPHeaderField: "Retry-After"))
    }
}
