import HeraldAPI
import Foundation
import HTTPTypes
import HeraldApps
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import NotificationEngine
import Signals
import Synchronization

/// The bundled apps' pages (`/apps/{slug}/`, with `page.js` and `page.css`: the
/// app's ``AppPage``), their JSON actions (`POST /apps/{slug}/api/{action}`) and
/// their live updates (`/apps/{slug}/events`, a WebSocket), and whether it is open
/// (`GET /apps/{slug}/status`: `{"openPages": n, "foreground": Bool}`). An app counts as open, in the
/// foreground, while at least one of its pages is connected (``AppForeground``). Once the app is in
/// the foreground, the event stream's first message says so:
/// `{"type": "foreground"}`; the app's own messages (``HeraldApp/changes``) follow.
///
/// A browser without a session that asks for a page gets the sign-in page (401);
/// everything else here answers it with the API's JSON 401.
struct BundledAppRoutes {
    let apps: [String: any HeraldApp]
    let services: DaemonServices

    func add(to router: Router<HeraldRequestContext>, files: StaticFiles) {
        let group = router.group("apps/:slug")
        group.get { _, context in
            guard context.mayOpenPages else { return try files.signInPage() }
            return Self.file(try page(context).html, type: "text/html; charset=utf-8")
        }
        group.get("page.js") { _, context in
            Self.file(try page(context).script, type: "text/javascript; charset=utf-8")
        }
        group.get("page.css") { _, context in
            Self.file(try page(context).style, type: "text/css; charset=utf-8")
        }
        group.get("status") { _, context in
            let app = try app(context)
            return JSONResponse(await services.foreground.status(of: app))
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
                throw ServerError(status: Self.status(of: error), code: API.ErrorCode(error.code), message: error.message)
            }
        }
        group.ws("events") { request, context in
            _ = try app(context)
            try WebSocketUpgrade.require(request)
            try services.streams.reserve(for: try context.requireCredential(), on: context.channel)
            return .upgrade(SessionKeyTransport.upgradeFields(for: request))
        } onUpgrade: { inbound, outbound, context in
            let app = try app(context.requestContext)
            let outbox = StreamOutbox()
            try await services.withStream(outbox, for: context.requestContext) {
                outbox.push(Self.foregroundMessage)
                let encoder = JSONEncoder()
                let subscription = app.changes.subscribeNext { change in
                    outbox.push(String(decoding: (try? encoder.encode(change)) ?? Data(), as: UTF8.self))
                }
                defer { subscription.dispose() }
                await services.foreground.pageOpened(app)
                do {
                    try await StreamSession.run(
                    inbound: inbound, outbound: outbound, outbox: outbox, channel: context.requestContext.channel)
                } catch {
                    await services.foreground.pageClosed(app)
                    throw error
                }
                await services.foreground.pageClosed(app)
            }
        }
    }

    private static func file(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// The page of the app named in the path, for a browser with a session (even
    /// without its key: a page holds no data) or the admin.
    private func page(_ context: HeraldRequestContext) throws -> AppPage {
        try context.requirePageAccess()
        let app = try bundledApp(context)
        do {
            return try app.page
        } catch let error as HeraldAppError {
            throw ServerError(status: .internalServerError, code: API.ErrorCode(error.code), message: error.message)
        }
    }

    /// The app named in the path; its actions and streams are the user's, so the
    /// admin credential (the browser's session with its key) is required.
    private func app(_ context: HeraldRequestContext) throws -> any HeraldApp {
        try context.requireAdmin()
        return try bundledApp(context)
    }

    private func bundledApp(_ context: HeraldRequestContext) throws -> any HeraldApp {
        let slug = try context.pathParameter("slug")
        guard let app = apps[slug] else { throw ServerError.notFound("there is no bundled app \(slug)") }
        return app
    }

    /// The first message of every app page's event stream.
    static let foregroundMessage = #"{"type":"foreground"}"#

    private static func status(of error: HeraldAppError) -> HTTPResponse.Status {
        switch error.code {
        case .notFound, .unknownAction: .notFound
        case .limitReached, .notificationsNotAllowed: .conflict
        case .storeFailure, .pageMissing: .internalServerError
        case .invalidInput: .unprocessableContent
        }
    }
}

extension API.ErrorCode {
    /// The wire name of a bundled app's refusal.
    init(_ code: HeraldAppError.Code) {
        self =
            switch code {
            case .invalidInput: .invalidInput
            case .notFound: .notFound
            case .limitReached: .limitReached
            case .unknownAction: .unknownAction
            case .storeFailure: .storeFailure
            case .notificationsNotAllowed: .notificationsNotAllowed
            case .pageMissing: .pageMissing
            }
    }
}
