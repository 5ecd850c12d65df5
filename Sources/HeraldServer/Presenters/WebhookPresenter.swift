import Foundation
import HTTPTypes
import HeraldAPI
import Logging
import NotificationEngine
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Posts each app's deliveries and responses to the webhook it registered, signed
/// with its secret, retrying with backoff.
///
/// Each POST carries one ``API/Event`` as JSON, a `delivered` or a `responded`
/// event, with
/// - `X-Herald-Event: <type>` and `X-Herald-Delivery: <delivery id>`, to dedupe on;
/// - `X-Herald-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`.
///
/// A 2xx answer ends it; a network error, 408, 429 or 5xx is retried after
/// each of the configured delays (by default 1, 2, 4, 8 and 16 s); any other
/// answer is logged and dropped.
final class WebhookPresenter: Sendable {
    private let registry: AppRegistry
    private let retryDelays: [Duration]
    private let session: URLSession
    private let logger = Logger(label: "herald.webhooks")

    init(registry: AppRegistry, retryDelays: [Duration]) {
        self.registry = registry
        self.retryDelays = retryDelays
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        session = URLSession(configuration: configuration)
    }

    /// Refuses a webhook address that is not an absolute `http` or `https` URL.
    static func validateURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else {
            throw ServerError(
                status: .unprocessableContent, code: "invalidWebhookURL",
                message: "“\(text)” is not an http:// or https:// address")
        }
        return url
    }

    /// Sends `event` to its app's webhook, if it has one; returns once it was
    /// accepted or given up on.
    func send(_ event: API.Event) async {
        guard let app = registry.app(AppIdentifier(event.app)), let url = app.webhookURL,
            let secret = app.webhookSecret, let body = try? API.encoder().encode(event)
        else { return }
        let request = signedRequest(url: url, body: body, secret: secret, event: event)
        for (attempt, delay) in ([Duration.zero] + retryDelays).enumerated() {
            do {
                if delay > .zero { try await Task.sleep(for: delay) }
                let (_, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if (200..<300).contains(status) { return }
                guard [408, 429].contains(status) || status >= 500 else {
                    logger.warning("webhook \(url) refused \(event.type) for \(event.app) with \(status); not retried")
                    return
                }
                logger.notice("webhook \(url) answered \(status) (attempt \(attempt + 1))")
            } catch is CancellationError {
                return
            } catch {
                logger.notice("webhook \(url) failed (attempt \(attempt + 1)): \(error.localizedDescription)")
            }
        }
        logger.error("webhook \(url) gave up on \(event.type) for \(event.app) after \(retryDelays.count + 1) attempts")
    }

    private func signedRequest(url: URL, body: Data, secret: String, event: API.Event) -> URLRequest {
        let timestamp = String(Int(Date().timeIntervalSince1970))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(event.type, forHTTPHeaderField: "X-Herald-Event")
        let delivery = event.delivery?.id ?? event.response?.delivery.id
        request.setValue(delivery, forHTTPHeaderField: "X-Herald-Delivery")
        let signature = Secrets.signature(of: Data((timestamp + ".").utf8) + body, key: secret)
        request.setValue("t=\(timestamp),v1=\(signature)", forHTTPHeaderField: "X-Herald-Signature")
        return request
    }
}
