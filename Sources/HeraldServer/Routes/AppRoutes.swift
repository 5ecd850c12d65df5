import DesktopNotifications
import Foundation
import HeraldAPI
import Hummingbird
import Signals
import NotificationEngine

/// `/v1/apps`: registering apps and their tokens.
struct AppRoutes {
    let services: DaemonServices

    func add(to router: Router<HeraldRequestContext>) {
        let apps = router.group("v1/apps")
        apps.get { _, context in
            try context.requireAdmin()
            return JSONResponse(["apps": services.registry.apps.map(\.wire)])
        }
        apps.post { request, context in
            try context.requireAdmin()
            return try await register(try await request.decodeJSON(API.AppRegistration.self, context: context))
        }
        apps.get(":app") { _, context in
            JSONResponse(try services.app(try context.pathParameter("app"), for: context).wire)
        }
        apps.delete(":app") { _, context in
            try context.requireAdmin()
            try await remove(try services.app(try context.pathParameter("app"), for: context))
            return Response(status: .noContent)
        }
        apps.post(":app/token") { _, context in
            try context.requireAdmin()
            let app = try services.app(try context.pathParameter("app"), for: context)
            let (renewed, token, old) = try services.registry.renewToken(of: app.identifier)
            services.streams.revoke(.appToken(fingerprint: old))
            return JSONResponse(API.AppCredentials(app: renewed.wire, token: token, webhookSecret: renewed.webhookSecret))
        }
    }

    private func register(_ registration: API.AppRegistration) async throws -> JSONResponse<API.AppCredentials> {
        let identifier = AppIdentifier(registration.identifier)
        try Validator.validateApp(identifier)
        let name = registration.name.trimmingCharacters(in: .whitespacesAndNewlines)
        // Counted in Unicode scalars, as the engine counts every length.
        guard (1...100).contains(name.unicodeScalars.count) else {
            throw ServerError(
                status: .unprocessableContent, code: .invalidName,
                message: "an app's name has 1 to 100 characters once trimmed of white space")
        }
        if let bad = name.unicodeScalars.first(where: Self.isRefusedInName) {
            throw ServerError(
                status: .unprocessableContent, code: .invalidName,
                message: "an app's name may not hold control characters, line breaks or bidirectional controls "
                    + "(it has \(Self.codePoint(bad)))")
        }
        let webhook = try registration.webhookURL.map(WebhookPresenter.validateURL)
        guard services.registry.app(identifier) == nil else {
            throw ServerError.conflict("\(identifier) is already registered: remove it first or make a new token")
        }
        let (app, token) = try services.registry.register(
            identifier, name: name, webhookURL: webhook, now: services.scheduler.now)
        // A new app starts with nothing, even if a removal was cut short before it forgot everything.
        // Only after the registration took: on a shared database, another node may have just
        // registered this identifier (its registration wins), and what it added is not forgotten.
        do {
            try services.engine.forgetApp(identifier)
        } catch {
            try? services.registry.remove(identifier)
            throw error
        }
        services.hub.publish(API.Event(.appsChanged, app: app.identifier.rawValue))
        services.desktop?.appRegistered(app.identifier, name: app.name, url: nil)
        return JSONResponse(
            API.AppCredentials(app: app.wire, token: token, webhookSecret: app.webhookSecret), status: .created)
    }

    /// What an app's name may not hold: C0 and C1 controls (NUL, ESC, newlines, …),
    /// the line and paragraph separators, and the bidirectional embeddings, overrides
    /// and isolates. The name goes into desktop notifications, `.desktop` files, the
    /// terminal and the web center, where such characters cut or reorder what is shown.
    static func isRefusedInName(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `U+0000`: a scalar as the Unicode standard writes it.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private func remove(_ app: RegisteredApp) async throws {
        guard app.bundledSlug == nil else {
            throw ServerError.conflict("\(app.name) comes with the daemon and cannot be removed")
        }
        // The token stops working first, so nothing new arrives while the rest is forgotten.
        try services.registry.remove(app.identifier)
        services.streams.revoke(.appToken(fingerprint: app.tokenFingerprint))
        try services.engine.forgetApp(app.identifier)
        services.hub.forget(app.identifier)
        services.desktop?.appRemoved(app.identifier)
        services.hub.publish(API.Event(.appsChanged, app: app.identifier.rawValue))
    }
}
