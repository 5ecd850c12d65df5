import Foundation
import HTTPTypes
import HeraldAPI
import Hummingbird
import PushService
import Signals

/// `/v1/push/browsers` (admin): the browsers the person subscribed to the daemon's
/// notifications by Web Push (the web center subscribes the browser it runs in), the
/// key they subscribe with, and which apps' notifications each gets.
struct PushBrowserRoutes {
    let services: DaemonServices

    func add(to router: Router<HeraldRequestContext>) {
        let browsers = router.group("v1/push/browsers")
        browsers.get { _, context in
            try context.requireAdmin()
            let key = try PushServiceRoutes.refusing { try services.pushDirectory.vapidKey() }
            return JSONResponse(
                API.PushBrowsers(
                    applicationServerKey: key.applicationServerKey, browsers: services.pushDirectory.browsers.map(\.wire)))
        }
        browsers.post { request, context in
            try context.requireAdmin()
            let body = try await request.decodeJSON(API.PushBrowserSubscribe.self, context: context)
            let subscription = try Self.subscription(body.subscription)
            let name = body.name ?? Self.name(userAgent: request.headers[.userAgent])
            let browser = try PushServiceRoutes.refusing {
                try services.pushDirectory.subscribeBrowser(subscription, name: name, now: services.scheduler.now)
            }
            return JSONResponse(browser.wire, status: .created)
        }
        browsers.delete(":browser") { _, context in
            try context.requireAdmin()
            let identifier = try context.pathParameter("browser")
            try PushServiceRoutes.refusing { try services.pushDirectory.removeBrowser(identifier) }
            return Response(status: .noContent)
        }
        browsers.put(":browser/apps/:app") { request, context in
            try context.requireAdmin()
            let (identifier, app) = (try context.pathParameter("browser"), try context.pathParameter("app"))
            let body = try await request.decodeJSON(API.PushBrowserApp.self, context: context)
            let browser = try PushServiceRoutes.refusing {
                try services.pushDirectory.setBrowser(identifier, receives: app, body.receives)
            }
            return JSONResponse(browser.wire)
        }
    }

    /// The subscription a browser made, or the API's error naming what is wrong with it.
    private static func subscription(_ wire: API.PushSubscriptionJSON) throws -> WebPushSubscription {
        do {
            return try WebPushSubscription(
                endpoint: wire.endpoint, p256dh: wire.keys.p256dh, auth: wire.keys.auth,
                expirationTime: wire.expirationTime.map { Date(timeIntervalSince1970: $0 / 1000) })
        } catch let error as WebPushError {
            throw ServerError(status: .unprocessableContent, code: .invalidSubscription, message: error.message)
        }
    }

    /// A name for the browser of `userAgent`: its browser and system ("Firefox on
    /// Linux"), or "A browser".
    static func name(userAgent: String?) -> String {
        let agent = userAgent ?? ""
        let browser =
            [("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chromium/", "Chromium"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]
            .first { agent.contains($0.0) }?.1
        let system =
            [("Android", "Android"), ("Linux", "Linux"), ("Windows", "Windows"), ("Mac OS X", "macOS"), ("iPhone", "iOS")]
            .first { agent.contains($0.0) }?.1
        switch (browser, system) {
        case (let browser?, let system?): return "\(browser) on \(system)"
        case (let browser?, nil): return browser
        default: return "A browser"
        }
    }
}

extension BrowserSubscription {
    var wire: API.PushBrowser {
        API.PushBrowser(
            identifier: identifier, name: name, pushService: VAPIDAuthorization.audience(of: endpoint) ?? "",
            subscribedAt: subscribedAt, excludedApps: excludedApps)
    }
}
