import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a webhook's signed POST and returns the HTTP status of the answer.
protocol WebhookTransport: Sendable {
    /// The status of the answer to `request`; throws on a network error.
    func send(_ request: URLRequest) async throws -> Int
}

/// The daemon's transport: an ephemeral `URLSession` without cookies that never follows a
/// redirect (the 3xx answer comes back as the status: it could steer the signed post to any
/// address).
struct URLSessionWebhookTransport: WebhookTransport {
    private let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    func send(_ request: URLRequest) async throws -> Int {
        let (_, response) = try await session.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}

/// Keeps the webhook session from following redirects: the 3xx answer comes back as
/// the response, and the post counts as a failed attempt.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
