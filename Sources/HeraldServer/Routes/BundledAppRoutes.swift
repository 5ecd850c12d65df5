import Foundation
import HTTPTypes
import HeraldApps
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import NotificationEngine
import Signals
import Synchronization

/// The bundled apps' pages (`/apps/{slug}/`), their JSON actions
/// (`POST /apps/{slug}/api/{action}`) and their live updates
/// (`/apps/{slug}/events`, a WebSocket). An app counts as open, in the
/// foreground, while at least one of its pages is connected.
struct BundledAppRoutes {
    let apps: [String: any HeraldApp]
    let openPages = OpenPages()

    func add(to router: Router<HeraldRequestContext>) {
        let group = router.group("apps/:slug")
        group.get { _, context in
            let app = try app(context)
            return WebRoutes.page(status: .ok, app.page)
        }
        group.post("api/:action") { request, context in
            let app = try app(context)
            let action = try context.pathParameter("action")
            let buffer = try await request.body.collect(upTo: context.maxUploadSize)
            let body = buffer.readableBytes == 0
                ? JSONValue.null : try request.decodeJSON(JSONValue.self, named: "JSON value", buffer: buffer)
            do {
                return JSONResponse(try await app.handle(action: action, body: body))
            } catch let error as HeraldAppError {
                throw ServerError(status: Self.status(of: error), code: error.code, message: error.message)
            }
        }
        group.ws("events") { request, context in
            _ = try app(context)
            try WebSocketUpgrade.require(request)
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let app = try app(context.requestContext)
            let updates = AsyncStream<JSONValue>.makeStream(bufferingPolicy: .bufferingNewest(1_000))
            let subscription = app.changes.subscribeNext { updates.continuation.yield($0) }
            defer { subscription.dispose() }
            await openPages.opened(app)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await _ in inbound.messages(maxSize: 4_096) {}
                }
                group.addTask {
                    let encoder = JSONEncoder()
                    for await change in updates.stream {
                        try await outbound.write(.text(String(decoding: try encoder.encode(change), as: UTF8.self)))
                    }
                }
                try await group.next()
                group.cancelAll()
            }
            await openPages.closed(app)
        }
    }

    /// The app named in the path; its pages and actions are the user's, so the
    /// admin credential (the browser's cookie) is required.
    private func app(_ context: HeraldRequestContext) throws -> any HeraldApp {
        try context.requireAdmin()
        let slug = try context.pathParameter("slug")
        guard let app = apps[slug] else { throw ServerError.notFound("there is no bundled app \(slug)") }
        return app
    }

    private static func status(of error: HeraldAppError) -> HTTPResponse.Status {
        switch error.code {
        case HeraldAppError.notFoundCode, HeraldAppError.unknownActionCode: .notFound
        case HeraldAppError.limitReachedCode, HeraldAppError.notificationsNotAllowedCode: .conflict
        case HeraldAppError.storeFailureCode: .internalServerError
        default: .unprocessableContent
        }
    }
}

/// How many pages of each bundled app are connected: the first one brings the
/// app to the foreground, the last one to leave sends it to the background.
actor OpenPages {
    private var counts: [AppIdentifier: Int] = [:]

    func opened(_ app: any HeraldApp) async {
        counts[app.identifier, default: 0] += 1
        if counts[app.identifier] == 1 { await app.setPageOpen(true) }
    }

    func closed(_ app: any HeraldApp) async {
        counts[app.identifier, default: 1] -= 1
        if counts[app.identifier] == 0 { await app.setPageOpen(false) }
    }

    /// Sends the app back to the background if no page is open: a response that
    /// opened it was not followed by the page.
    func settle(_ app: any HeraldApp) async {
        if counts[app.identifier, default: 0] == 0 { await app.setPageOpen(false) }
    }
}
