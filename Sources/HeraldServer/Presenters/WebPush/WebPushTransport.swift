import Foundation
import PushService

/// Sends a Web Push message's POST to its push service.
protocol WebPushTransport: Sendable {
    /// The status and `Retry-After` of the answer to `request`; throws on a network error.
    func send(_ request: WebPushRequest) async throws -> (status: Int, retryAfter: String?)
}
