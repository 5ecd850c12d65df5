import Foundation
import HeraldAPI
import Hummingbird
import HummingbirdWebSocket
import Logging
import NotificationEngine
import Signals

/// `/v1/push/extension`: an app's service extension in the app's own process. While
/// the app holds its extension stream open (`GET /v1/push/extension`, a WebSocket),
/// each `mutable-content` alert push for it goes to the stream as a `receive`
/// message (``HeraldAPI/API/ServiceExtensionMessage``) before it is shown; the app
/// answers with the content to show (`POST /v1/push/extension/runs/{run}/content`,
/// the first answer counts), within 30 s. Then the daemon sends `expire` and waits
/// 5 s more for content or `POST /v1/push/extension/runs/{run}/expired`; after
/// that, or at once when the stream closes, the push is shown as it came. A newer
/// stream of the app takes over from an older one for the pushes that follow.
///
/// An app's token acts for its own app; the admin names one with `?app=`. The
/// stream counts toward the credential's streams (``StreamRegistry``) and closes
/// when the credential is revoked.
struct ServiceExtensionRoutes {
    let services: DaemonServices
    private static let logger = Logger(label: "herald.push.extension")

    private static let route = "v1/push/extension"

    func add(to router: Router<HeraldRequestContext>) {
        router.ws("v1/push/extension") { request, context in
            _ = try services.actingApp(request, context, route: Self.route)
            try WebSocketUpgrade.require(request)
            try services.streams.reserve(for: try context.requireCredential(), on: context.channel)
            return .upgrade(SessionKeyTransport.upgradeFields(for: request))
        } onUpgrade: { inbound, outbound, context in
            let app = try services.actingApp(context.request, context.requestContext, route: Self.route)
            let stream = StreamOutbox()
            try await services.withStream(stream, for: context.requestContext) {
                let connection = try await services.engine.connectServiceExtension(
                    { [services] in
                        RemoteServiceExtension(app: app, stream: stream, runs: services.extensionRuns, logger: Self.logger)
                    }, for: app)
                defer {
                    connection.dispose()
                    // A push the engine handed over meanwhile finds the stream closed (the
                    // session is over: no close frame is sent), and is shown as it came.
                    stream.close(.daemonStopping)
                    services.extensionRuns.end(stream: stream)
                }
                try await StreamSession.run(
                    inbound: inbound, outbound: outbound, outbox: stream, channel: context.requestContext.channel)
            }
        }
        router.post("v1/push/extension/runs/:run/content") { request, context in
            let app = try services.actingApp(request, context, route: Self.route)
            let run = try runIdentifier(context)
            var upload = try await AddUpload.read(request, limits: services.uploadLimits, gate: services.uploads)
            defer { upload.finish() }
            let content = try request.decodeJSON(API.Content.self, buffer: upload.takeBody()).engineValue
            try services.extensionRuns.answer(run, for: app, with: content)
            return Response(status: .noContent)
        }
        router.post("v1/push/extension/runs/:run/expired") { request, context in
            let app = try services.actingApp(request, context, route: Self.route)
            try services.extensionRuns.expired(try runIdentifier(context), for: app)
            return Response(status: .noContent)
        }
    }

    /// The run named by the path.
    ///
    /// - Throws: 400 `badRequest` unless it is a UUID.
    private func runIdentifier(_ context: HeraldRequestContext) throws -> UUID {
        let text = try context.pathParameter("run")
        guard let run = UUID(uuidString: text) else {
            throw ServerError.badRequest("a service extension run is a UUID, not “\(text.prefix(80))”")
        }
        return run
    }
}
