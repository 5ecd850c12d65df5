import Foundation
import HeraldAPI
import Hummingbird
import NotificationEngine

/// `/v1/apps/{app}/responses`: the user's answers the app has not acknowledged,
/// and its acknowledgements.
///
/// An answer that reaches an app is kept until the app says it has it, across
/// restarts and on every node sharing the database; the app's event stream sends
/// these again when it opens (``ResponseReplay``). Only the app's own token
/// acknowledges: the admin is the user, who gave the answer, and saying that the
/// app has one it never saw would lose it (removing the app forgets them all).
struct ResponseRoutes {
    let services: DaemonServices
    var engine: NotificationEngine { services.engine }

    func add(to router: Router<HeraldRequestContext>) {
        let responses = router.group("v1/apps/:app/responses")
        responses.get { _, context in
            let app = try services.app(try context.pathParameter("app"), for: context).identifier
            let waiting = try engine.waitingResponses(for: app)
            return JSONResponse(["responses": waiting.map { API.Response($0, reachesApp: true) }])
        }
        responses.post(":deliveryID/ack") { _, context in
            let app = try services.app(try context.pathParameter("app"), for: context).identifier
            guard case .app = try context.requirePrincipal() else {
                throw ServerError.forbidden("only the app acknowledges its responses: use its token, not the admin's")
            }
            let text = try context.pathParameter("deliveryID")
            guard let id = DeliveryID(text) else {
                throw NotificationError(.deliveryNotFound, "“\(text)” is not a delivery identifier")
            }
            try engine.acknowledgeResponse(to: id, for: app)
            return Response(status: .noContent)
        }
    }
}
