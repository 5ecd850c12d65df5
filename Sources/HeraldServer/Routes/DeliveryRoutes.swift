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
            JSONResponse(API.Delivery(try delivery(context)))
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
            try await keepInBackground(delivery.app)
            return Response(status: .noContent)
        }
    }

    /// Sends an app that is reached over HTTP back to the background after a
    /// response that opened it (a tap, a foreground action).
    ///
    /// The engine counts an app that a response opened as in the foreground, where
    /// its in-process delegate decides how deliveries are shown, and an app in the
    /// foreground without one is shown nothing: its deliveries leave the
    /// notification center at once. An app registered over HTTP has no such
    /// delegate and cannot say when it leaves the foreground (it learns of the
    /// opening from the `appOpened` event), so it stays in the background; the
    /// bundled apps' foreground follows their open pages instead.
    private func keepInBackground(_ app: AppIdentifier) async throws {
        guard services.registry.app(app)?.bundledSlug == nil else { return }
        try await services.engine.setForeground(false, for: app)
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
