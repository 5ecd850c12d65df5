import Foundation
import HeraldAPI
import Hummingbird
import NotificationEngine

/// `/v1/push/registration`: an app registers for remote notifications and gets
/// its device token, as `UIApplication.registerForRemoteNotifications()` does.
/// An app's token acts for its own app; the admin names one with `?app=`.
/// Without a push service, each answers 409 `remoteNotificationsUnavailable`:
/// the daemon's state, not a failure of it (its 5xx answers are its own failures).
struct PushRegistrationRoutes {
    let services: DaemonServices
    var engine: NotificationEngine { services.engine }

    func add(to router: Router<HeraldRequestContext>) {
        router.post("v1/push/registration") { request, context in
            let app = try services.actingApp(request, context, route: "v1/push/registration")
            return JSONResponse(API.DeviceToken(try await engine.registerForRemoteNotifications(for: app)))
        }
        router.get("v1/push/registration") { request, context in
            let app = try services.actingApp(request, context, route: "v1/push/registration")
            return JSONResponse(API.PushRegistration(registered: try await engine.isRegisteredForRemoteNotifications(for: app)))
        }
        router.delete("v1/push/registration") { request, context in
            let app = try services.actingApp(request, context, route: "v1/push/registration")
            try await engine.unregisterForRemoteNotifications(for: app)
            return Response(status: .noContent)
        }
    }
}
