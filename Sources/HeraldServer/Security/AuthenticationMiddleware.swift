import HTTPTypes
import Hummingbird
import NotificationEngine

/// Finds who sent a request, from `Authorization: Bearer …` or the web
/// notification center's cookie, and guards cookie requests against CSRF.
///
/// A request without credentials goes on without a principal (public routes
/// answer it; the others refuse it with 401). A bearer token that is neither the
/// admin's nor an app's is refused at once. A cookie-authenticated request that
/// changes state must carry `X-Herald-CSRF` (which a cross-site form or image
/// cannot send) and, if it has an `Origin`, come from the daemon's own.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = HeraldRequestContext

    static let cookieName = "herald_admin"
    static let csrfHeader = HTTPField.Name("X-Herald-CSRF")!

    let adminToken: String
    let registry: AppRegistry
    let hosts: AllowedHosts

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let header = request.headers[.authorization] {
            context.principal = try principal(bearer: header)
        } else if let cookie = request.cookies[Self.cookieName]?.value {
            guard Secrets.constantTimeEqual(cookie, adminToken) else {
                throw ServerError.unauthorized("the session has expired: open the address `herald serve` printed")
            }
            try checkBrowserRequest(request)
            context.principal = .admin(viaCookie: true)
        }
        return try await next(request, context)
    }

    private func principal(bearer header: String) throws -> Principal {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw ServerError.unauthorized("use `Authorization: Bearer <token>`")
        }
        let token = String(parts[1])
        if Secrets.constantTimeEqual(token, adminToken) { return .admin(viaCookie: false) }
        if let app = registry.app(forToken: token) { return .app(app) }
        throw ServerError.unauthorized("the token is not the admin token nor an app's")
    }

    private func checkBrowserRequest(_ request: Request) throws {
        if let origin = request.headers[.origin], !hosts.allowsOrigin(origin) {
            throw ServerError(status: .forbidden, code: "csrf", message: "requests from \(origin) are not allowed")
        }
        let changesState = ![HTTPRequest.Method.get, .head, .options].contains(request.method)
        if changesState && request.headers[Self.csrfHeader] == nil {
            throw ServerError(
                status: .forbidden, code: "csrf",
                message: "a browser request that changes something must send the X-Herald-CSRF header")
        }
        let isWebSocket = request.headers[.upgrade]?.lowercased() == "websocket"
        if isWebSocket && request.headers[.origin] == nil {
            throw ServerError(status: .forbidden, code: "csrf", message: "a browser WebSocket must send its Origin")
        }
    }
}

extension HeraldRequestContext {
    /// The caller, who must have sent credentials (else 401).
    func requirePrincipal() throws -> Principal {
        guard let principal else {
            throw ServerError.unauthorized("send `Authorization: Bearer <token>` (the admin token or the app's token)")
        }
        return principal
    }

    /// Refuses callers other than the admin (403) or without credentials (401).
    func requireAdmin() throws {
        guard case .admin = try requirePrincipal() else {
            throw ServerError.forbidden("only the admin credential may do this")
        }
    }

    /// Refuses callers that may not act for `app`.
    func requireAccess(to app: AppIdentifier) throws {
        guard try requirePrincipal().mayAct(for: app) else {
            throw ServerError.forbidden("this token belongs to another app")
        }
    }
}
