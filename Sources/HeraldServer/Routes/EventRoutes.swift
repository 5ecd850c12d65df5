import Foundation
import HeraldAPI
import Hummingbird
import HummingbirdWebSocket
import NotificationEngine

/// `GET /v1/events`: the live event stream over a WebSocket, one JSON text
/// message per ``API/Event``. The admin sees every app (or one, with `?app=`);
/// an app's token sees its own. `?after=N` resumes after the event numbered N, if
/// the daemon still holds what came since. A plain `GET` (no upgrade) is refused
/// with 426; a credential holding its limit of streams with 429.
///
/// The stream is tied to the credential that opened it: renewing the app's token,
/// removing the app or ending the browser session closes it at once (4401). A client
/// that falls more than a megabyte behind is closed too (4429), see ``StreamCloseReason``.
///
/// A stream opened with an app's token also gets, when it opens, the answers the app
/// has not acknowledged yet (``ResponseReplay``), numbered 0.
struct EventRoutes {
    let services: DaemonServices

    func add(to router: Router<HeraldRequestContext>) {
        router.ws("v1/events") { request, context in
            _ = try parameters(request, context)
            try WebSocketUpgrade.require(request)
            try services.streams.reserve(for: try context.requireCredential(), on: context.channel)
            return .upgrade(SessionKeyTransport.upgradeFields(for: request))
        } onUpgrade: { inbound, outbound, context in
            let (app, after) = try parameters(context.request, context.requestContext)
            let outbox = StreamOutbox()
            try await services.withStream(outbox, for: context.requestContext) {
                let token = services.hub.subscribe(app: app, after: after, outbox: outbox)
                defer { services.hub.unsubscribe(token) }
                // Subscribed first: an answer committed after the replay's read comes live.
                let replay = try ownApp(context.requestContext).map { own in
                    Task { await ResponseReplay.run(app: own, engine: services.engine, outbox: outbox) }
                }
                defer { replay?.cancel() }
                try await StreamSession.run(
                    inbound: inbound, outbound: outbound, outbox: outbox, channel: context.requestContext.channel)
            }
        }
    }

    /// The app whose token opened the stream; `nil` for the admin.
    private func ownApp(_ context: HeraldRequestContext) throws -> AppIdentifier? {
        if case .app(let own) = try context.requirePrincipal() { return own }
        return nil
    }

    /// The app whose events the caller gets (`nil` for all), and where to resume.
    private func parameters(_ request: Request, _ context: HeraldRequestContext) throws -> (AppIdentifier?, Int?) {
        let requested = request.uri.queryParameters.get("app").map(AppIdentifier.init(rawValue:))
        let after = try request.uri.queryParameters.get("after").map { text in
            guard let number = Int(text), number >= 0 else {
                throw ServerError.badRequest("after is the sequence number of the last event seen, a whole number ≥ 0")
            }
            return number
        }
        switch try context.requirePrincipal() {
        case .admin:
            return (requested, after)
        case .app(let own):
            guard requested == nil || requested == own else {
                throw ServerError.forbidden("this token belongs to another app")
            }
            return (own, after)
        }
    }
}
