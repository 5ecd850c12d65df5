import Foundation
public import HeraldAPI

extension HeraldClient {
    /// Opens the app's service-extension stream, `GET /v1/push/extension` over
    /// WebSocket, and returns once the daemon has accepted it. While it is open,
    /// each `mutable-content` alert push for the app comes as a
    /// ``HeraldAPI/API/ServiceExtensionMessage/receive(run:request:)`` before it is
    /// shown: answer it with ``answerServiceExtension(_:with:app:)`` within 30 s.
    /// An ``HeraldAPI/API/ServiceExtensionMessage/expire(run:)`` says the time is up:
    /// answer with the best content so far, or ``serviceExtensionTimeExpired(_:app:)``,
    /// within 5 s. A push whose stream closes before it is answered is shown as it
    /// came. Ending the iteration closes the stream.
    ///
    /// - Parameter app: The app; with an app's token, `nil` means its own. The
    ///   admin token must name one.
    /// - Throws: ``HeraldClientError/Code/daemonUnreachable`` when no daemon
    ///   listens, ``HeraldClientError/Code/refused`` when it refuses the token or
    ///   the app.
    public func openServiceExtension(app: String? = nil) async throws
        -> AsyncThrowingStream<API.ServiceExtensionMessage, any Error>
    {
        try await openMessages(
            Self.serviceExtension, query: Self.query(app), named: "service extension stream",
            decode: Self.decodeServiceExtensionMessage)
    }

    /// The content to show for the push of `run`, as the app's service extension
    /// changed it: `POST /v1/push/extension/runs/{run}/content`. The first answer
    /// counts; the engine checks the content as any content, and shows the push as
    /// it came if it refuses it. File attachments are sent as their bytes
    /// (``HeraldAPI/API/Attachment``).
    ///
    /// - Throws: ``HeraldClientError`` 404 when the run has ended (answered, its
    ///   time expired, or its stream closed).
    public func answerServiceExtension(_ run: String, with content: API.Content, app: String? = nil) async throws {
        _ = try await send(.post, Self.serviceExtension + ["runs", run, "content"], query: Self.query(app), body: content, timeout: nil)
    }

    /// The app's extension has nothing better for the push of `run` after
    /// ``HeraldAPI/API/ServiceExtensionMessage/expire(run:)``: it is shown as it
    /// came, now rather than after the daemon's 5 s wait.
    /// `POST /v1/push/extension/runs/{run}/expired`.
    public func serviceExtensionTimeExpired(_ run: String, app: String? = nil) async throws {
        _ = try await send(
            .post, Self.serviceExtension + ["runs", run, "expired"], query: Self.query(app), body: Empty?.none, timeout: nil)
    }

    private static let serviceExtension = ["v1", "push", "extension"]

    @Sendable private static func decodeServiceExtensionMessage(_ text: String) throws -> API.ServiceExtensionMessage {
        do {
            return try API.decoder().decode(API.ServiceExtensionMessage.self, from: Data(text.utf8))
        } catch {
            throw HeraldClientError(
                .invalidResponse, "a service extension stream message is not one: \(text.prefix(200))")
        }
    }
}
