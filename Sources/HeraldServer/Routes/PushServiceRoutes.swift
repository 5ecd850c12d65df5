import Foundation
import HeraldAPI
import Hummingbird
import PushService
import Signals

/// `/v1/push/keys` and `/v1/push/devices` (admin): the push service's provider
/// keys, and the apps registered for remote notifications on its devices.
struct PushServiceRoutes {
    let services: DaemonServices

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
    }

    /// Runs `body`, answering a ``PushServiceError`` with the API's error.
    private static func refusing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
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
