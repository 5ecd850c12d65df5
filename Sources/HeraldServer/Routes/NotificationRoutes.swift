import Foundation
import HeraldAPI
import Hummingbird
import NotificationEngine

/// `/v1/apps/{app}/…`: what an app does with its notifications, as
/// ``NotificationService`` describes it.
struct NotificationRoutes {
    let services: DaemonServices
    var engine: NotificationEngine { services.engine }

    func add(to router: Router<HeraldRequestContext>) {
        router.get("v1/authorization-prompts") { _, context in
            try context.requireAdmin()
            let prompts = engine.authorizationRequests.map { request in
                API.AuthorizationPrompt(
                    app: request.app.rawValue, name: services.registry.app(request.app)?.name ?? request.app.rawValue,
                    options: request.options.wireNames)
            }
            return JSONResponse(["prompts": prompts])
        }
        let app = router.group("v1/apps/:app")
        addAuthorization(to: app)
        addRequests(to: app)
        addDelivered(to: app)
        app.get("categories") { _, context in
            let app = try appIdentifier(context)
            return JSONResponse(API.CategoryList(categories: try await engine.categories(for: app).map(API.Category.init)))
        }
        app.put("categories") { request, context in
            let app = try appIdentifier(context)
            let list = try await request.decodeJSON(API.CategoryList.self, context: context)
            try await engine.setCategories(try list.categories.map { try $0.engineValue() }, for: app)
            return JSONResponse(API.CategoryList(categories: try await engine.categories(for: app).map(API.Category.init)))
        }
        app.get("badge") { _, context in
            JSONResponse(API.Badge(badge: try await engine.badgeCount(for: try appIdentifier(context))))
        }
        app.put("badge") { request, context in
            let app = try appIdentifier(context)
            let badge = try await request.decodeJSON(API.Badge.self, context: context)
            try await engine.setBadgeCount(badge.badge, for: app)
            return JSONResponse(badge)
        }
    }

    func appIdentifier(_ context: HeraldRequestContext) throws -> AppIdentifier {
        try services.app(try context.pathParameter("app"), for: context).identifier
    }

    private func addAuthorization(to app: RouterGroup<HeraldRequestContext>) {
        app.post("authorization") { request, context in
            let app = try appIdentifier(context)
            let body = try await request.decodeJSON(API.AuthorizationRequest.self, context: context)
            let options = try AuthorizationOptions(wireNames: body.options)
            return JSONResponse(API.AuthorizationResult(granted: try await engine.requestAuthorization(options: options, for: app)))
        }
        app.post("authorization/answer") { request, context in
            try context.requireAdmin()
            let app = try appIdentifier(context)
            let answer = try await request.decodeJSON(API.AuthorizationAnswer.self, context: context)
            try engine.answerAuthorization(for: app, granted: answer.granted)
            return Response(status: .noContent)
        }
        app.post("settings/show") { _, context in
            try await engine.showNotificationSettings(for: try appIdentifier(context))
            return Response(status: .noContent)
        }
        app.post("settings/open") { request, context in
            try context.requireAdmin()
            let app = try appIdentifier(context)
            let body = try await request.decodeJSON(API.SettingsOpening.self, context: context)
            let delivery = try body.delivery.map { text in
                guard let id = DeliveryID(text) else {
                    throw NotificationError(.deliveryNotFound, "“\(text)” is not a delivery identifier")
                }
                return id
            }
            try engine.openSettings(for: app, from: delivery)
            return Response(status: .noContent)
        }
        app.get("settings") { _, context in
            JSONResponse(API.Settings(try await engine.notificationSettings(for: try appIdentifier(context))))
        }
        app.get("preferences") { _, context in
            try context.requireAdmin()
            return JSONResponse(API.Preferences(try engine.preferences(for: try appIdentifier(context))))
        }
        app.patch("preferences") { request, context in
            try context.requireAdmin()
            let app = try appIdentifier(context)
            let change = try await request.decodeJSON(API.Preferences.self, context: context)
            let new = try change.applied(to: try engine.preferences(for: app))
            try engine.updatePreferences(for: app) { $0 = new }
            return JSONResponse(API.Preferences(try engine.preferences(for: app)))
        }
    }

    private func addRequests(to app: RouterGroup<HeraldRequestContext>) {
        app.post("requests") { request, context -> Response in
            let app = try appIdentifier(context)
            var upload = try await AddUpload.read(request, limits: services.uploadLimits, gate: services.uploads)
            defer { upload.finish() }
            let requests = try decodeRequests(upload.takeBody(), of: request)
            let result = try await services.adds.add(requests, for: app)
            if result.evictedIdentifiers.isEmpty, let nothingEvicted = Self.nothingEvicted {
                return Response(
                    status: .created, headers: [.contentType: JSONResponse<API.AddResult>.contentType],
                    body: ResponseBody(byteBuffer: nothingEvicted))
            }
            return try JSONResponse(API.AddResult(evictedIdentifiers: result.evictedIdentifiers), status: .created)
                .response(from: request, context: context)
        }
        app.get("requests") { _, context in
            let body = try services.pendingLists.body(for: try appIdentifier(context))
            return Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: body))
        }
        app.delete("requests") { _, context in
            try await engine.removeAllPendingRequests(for: try appIdentifier(context))
            return Response(status: .noContent)
        }
        app.get("requests/:identifier/attachments/:attachment") { _, context in
            let app = try appIdentifier(context)
            let contents = try engine.attachment(
                try context.pathParameter("attachment"), ofPendingRequest: try context.pathParameter("identifier"),
                for: app)
            return AttachmentResponse(contents)
        }
        app.delete("requests/:identifier") { _, context in
            let app = try appIdentifier(context)
            try await engine.removePendingRequests(withIdentifiers: [try context.pathParameter("identifier")], for: app)
            return Response(status: .noContent)
        }
    }

    /// The answer to an add that evicted nothing, almost every add, encoded once.
    private static let nothingEvicted = try? ByteBuffer(bytes: API.encoder().encode(API.AddResult(evictedIdentifiers: [])))

    /// One request, or `{"requests": [...]}` for a batch added in one transaction.
    private func decodeRequests(_ body: ByteBuffer, of request: Request) throws -> [NotificationRequest] {
        let decoded = try request.decodeJSON(RequestOrBatch.self, named: "request or {\"requests\": [...]}", buffer: body)
        return try decoded.requests.map { Self.withoutStoredReferences(try $0.engineValue()) }
    }

    /// The request with every attachment sent without its bytes stripped of its
    /// digest: over HTTP an app adds bytes, and may not name stored bytes (another
    /// app's, say) by their digest. Such an attachment is refused with
    /// `attachmentNotInDataStore`.
    private static func withoutStoredReferences(_ request: NotificationRequest) -> NotificationRequest {
        guard request.content.attachments.contains(where: { $0.bytes == nil }) else { return request }
        var request = request
        for index in request.content.attachments.indices where request.content.attachments[index].bytes == nil {
            request.content.attachments[index].digest = ""
        }
        return request
    }

    private func addDelivered(to app: RouterGroup<HeraldRequestContext>) {
        app.get("delivered") { _, context in
            let app = try appIdentifier(context)
            let delivered = try await engine.listedDeliveries(for: app)
            let held = try await engine.summaryHolds(for: app)
            return JSONResponse(["deliveries": try await engine.wire(delivered, of: app, heldUntil: held)])
        }
        app.delete("delivered") { _, context in
            try await engine.removeAllDeliveredNotifications(for: try appIdentifier(context))
            return Response(status: .noContent)
        }
        app.delete("delivered/:identifier") { _, context in
            let app = try appIdentifier(context)
            let identifier = try context.pathParameter("identifier")
            try await engine.removeDeliveredNotifications(withIdentifiers: [identifier], for: app)
            return Response(status: .noContent)
        }
    }
}

/// The body of `POST …/requests`: a request, or a batch of them.
private struct RequestOrBatch: Decodable {
    var requests: [API.Request]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if try decoder.container(keyedBy: Key.self).contains(Key(stringValue: "requests")) {
            requests = try API.RequestBatch(from: decoder).requests
        } else {
            requests = [try API.Request(from: decoder)]
        }
    }
}
