import Foundation
import HeraldAPI
import Hummingbird
import HummingbirdWebSocket
import NotificationEngine

/// `GET /v1/events`: the live event stream over a WebSocket, one JSON text
/// message per ``API/Event``. The admin sees every app (or one, with `?app=`);
/// an app's token sees its own. A plain `GET` (no upgrade) is refused with 426.
struct EventRoutes {
    let services: DaemonServices

    func add(to router: Router<HeraldRequestContext>) {
        router.ws("v1/events") { request, context in
            _ = try filter(request, context)
            try WebSocketUpgrade.require(request)
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let app = try filter(context.request, context.requestContext)
            let events = services.hub.subscribe(app: app)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await _ in inbound.messages(maxSize: 4_096) {}
                }
                group.addTask {
                    let encoder = API.encoder()
                    for await event in events {
                        try await outbound.write(.text(String(decoding: try encoder.encode(event), as: UTF8.self)))
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    /// The app whose events the caller gets; `nil` for all.
    private func filter(_ request: Request, _ context: HeraldRequestContext) throws -> AppIdentifier? {
        let requested = request.uri.queryParameters.get("app").map(AppIdentifier.init(rawValue:))
        switch try context.requirePrincipal() {
        case .admin:
            return requested
        case .app(let own):
            guard requested == nil || requested == own else {
                throw ServerError.forbidden("this token belongs to another app")
            }
            return own
        }
    }
}
