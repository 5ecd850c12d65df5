import Foundation
import HeraldAPI
import Hummingbird
import NotificationEngine

/// `/v1/deliveries/{deliveryID}`: a delivery, and the user's answer to it.
struct DeliveryRoutes {
    let services: DaemonServices

    func add(to router: Router<HeraldRequestContext>) {
        let deliveries = router.group("v1/deliveries/:deliveryID")
        deliveries.get { _, context in
            let delivery = try delivery(context)
            return JSONResponse(try await services.engine.wire([delivery], of: delivery.app)[0])
        }
        deliveries.get("attachments/:attachment") { _, context in
            let delivery = try delivery(context)
            let contents = try services.engine.attachment(
                try context.pathParameter("attachment"), ofDelivery: delivery.id, for: delivery.app)
            return AttachmentResponse(contents)
        }
        deliveries.post("response") { request, context in
            let delivery = try delivery(context)
            let body = try await request.decodeJSON(API.ResponseBody.self, context: context)
            try await services.engine.respond(
                to: delivery.id, actionIdentifier: body.actionIdentifier, userText: body.userText,
                authenticated: try context.requirePrincipal().isAuthenticatedUser, for: delivery.app)
            try await services.foreground.answered(delivery.app)
            return Response(status: .noContent)
        }
    }

    /// The delivery named in the path, which the caller may see (404 otherwise,
    /// so an app cannot probe another's delivery identifiers).
    private func delivery(_ context: HeraldRequestContext) throws -> EngineDelivery {
        let principal = try context.requirePrincipal()
        let text = try context.pathParameter("deliveryID")
        guard let id = DeliveryID(text), let delivery = try services.engine.delivery(id),
            principal.mayAct(for: delivery.app)
        else {
            throw ServerError.notFound("there is no delivery \(text)")
        }
        return delivery
    }
}
