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
            let app = try registeringApp(request, context)
            return JSONResponse(API.DeviceToken(try await engine.registerForRemoteNotifications(for: app)))
        }
        router.get("v1/push/registration") { request, context in
            let app = try registeringApp(request, context)
            return JSONResponse(API.PushRegistration(registered: try await engine.isRegisteredForRemoteNotifications(for: app)))
        }
        router.delete("v1/push/registration") { request, context in
            try await engine.unregisterForRemoteNotifications(for: try registeringApp(request, context))
            return Response(status: .noContent)
        }
    }

    /// The app the call acts for: an app token's own (`?app=`, if given, must
    /// name it), or the one the admin names with `?app=`; it must be registered.
    private func registeringApp(_ request: Request, _ context: HeraldRequestContext) throws -> AppIdentifier {
        let named = request.uri.queryParameters.get("app")
        switch try context.requirePrincipal() {
        case .app(let own):
            return try services.app(named ?? own.rawValue, for: context).identifier
        case .admin:
            guard let named else {
                throw ServerError.badRequest("name the app to register: /v1/push/registration?app=<app identifier>")
            }
            return try services.app(named, for: context).identifier
        }
    }
}
