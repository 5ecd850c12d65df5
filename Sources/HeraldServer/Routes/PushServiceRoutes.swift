import Foundation
import HeraldAPI
import Hummingbird
import NotificationModel
import PushService
import Signals

/// `/v1/push/keys` and `/v1/push/devices` (admin): the push service's provider
/// keys, and the apps registered for remote notifications on its devices;
/// `/v1/push/send` (admin): a push as a provider sends it, without a provider token.
struct PushServiceRoutes {
    let services: DaemonServices
    let provider: ProviderEndpoint

    func add(to router: Router<HeraldRequestContext>) {
        let push = router.group("v1/push")
        push.get("keys") { _, context in
            try context.requireAdmin()
            return JSONResponse(["keys": services.pushDirectory.keys.map(\.wire)])
        }
        push.post("keys") { request, context in
            try context.requireAdmin()
            let upload = try await request.decodeJSON(API.PushKeyUpload.self, context: context)
            let key = try Self.refusing {
                try services.pushDirectory.addKey(
                    identifier: upload.identifier, team: upload.team, p8: upload.p8, topics: upload.topics,
                    now: services.scheduler.now)
            }
            return JSONResponse(key.wire, status: .created)
        }
        push.delete("keys/:key") { _, context in
            try context.requireAdmin()
            let identifier = try context.pathParameter("key")
            try Self.refusing { try services.pushDirectory.removeKey(identifier) }
            return Response(status: .noContent)
        }
        push.get("devices") { _, context in
            try context.requireAdmin()
            return JSONResponse(["devices": services.pushDirectory.registrations.map(\.wire)])
        }
        push.post("send") { request, context in
            try context.requireAdmin()
            return JSONResponse(try await send(try await request.decodeJSON(API.PushSend.self, context: context)))
        }
    }

    /// The push service's answer to `push`, sent as the administrator.
    private func send(_ push: API.PushSend) async throws -> API.PushResult {
        guard case .object(_) = push.payload else {
            throw ServerError(
                status: .unprocessableContent, code: .invalidPayload, message: "a push's payload is a JSON object")
        }
        let registration = DeviceToken(hex: push.deviceToken).flatMap {
            services.pushDirectory.registration(of: $0, now: services.scheduler.now)
        }
        guard let topic = push.topic ?? registration?.app else {
            // No topic to default to: the token is nobody's.
            return Self.result(.refused(APNsRefusal(.badDeviceToken, "no device holds this token"), id: UUID()))
        }
        var fields: [(name: String, value: String)] = [("apns-push-type", push.pushType ?? "alert"), ("apns-topic", topic)]
        if let collapseID = push.collapseID { fields.append(("apns-collapse-id", collapseID)) }
        if let expiration = push.expiration { fields.append(("apns-expiration", String(expiration))) }
        if let priority = push.priority { fields.append(("apns-priority", String(priority))) }
        let answer = await provider.answer(
            ProviderRequest(
                method: "POST", path: ProviderEndpoint.pathPrefix + push.deviceToken, fields: fields,
                body: try API.encoder().encode(push.payload)),
            from: .administrator)
        return Self.result(answer)
    }

    private static func result(_ answer: ProviderAnswer) -> API.PushResult {
        API.PushResult(
            apnsID: answer.id.uuidString.lowercased(), status: answer.status, reason: answer.reason?.rawValue,
            unregisteredAt: answer.unregisteredAt)
    }

    /// Runs `body`, answering a ``PushServiceError`` with the API's error.
    static func refusing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PushServiceError {
            throw error.serverError
        }
    }

    /// ``refusing(_:)`` for a store's asynchronous calls.
    static func refusing<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PushServiceError {
            throw error.serverError
        }
    }
}

extension ProviderKey {
    var wire: API.PushKey {
        API.PushKey(identifier: identifier, team: team, topics: topics, addedAt: addedAt)
    }
}

extension DeviceRegistration {
    var wire: API.PushDevice {
        API.PushDevice(
            token: token.description, app: app, device: device, registeredAt: registeredAt,
            unregisteredAt: unregisteredAt)
    }
}
