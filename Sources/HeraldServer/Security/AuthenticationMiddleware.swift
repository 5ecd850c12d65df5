import Crypto
import HeraldAPI
import HTTPTypes
import Hummingbird
import NotificationEngine
import Signals

/// Finds who sent a request, from `Authorization: Bearer …` or the web
/// notification center's session cookie, and guards cookie requests against CSRF.
///
/// A request without credentials goes on without a principal (public routes
/// answer it; the others refuse it with 401); so does one whose session cookie is
/// unknown or expired, such as another daemon's. A bearer token that is neither the
/// admin's nor an app's is refused at once. A cookie-authenticated request that
/// changes state must carry `X-Herald-CSRF` (which a cross-site form or image
/// cannot send) and, if it has an `Origin`, come from exactly the daemon's own.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = HeraldRequestContext

    static let csrfHeader = HTTPField.Name("X-Herald-CSRF")!

    /// The admin token's SHA-256: a bearer token's digest is compared with it (in
    /// constant time) and, if it is not the admin's, looked up as an app's fingerprint.
    let adminDigest: [UInt8]
    let registry: AppRegistry
    let sessions: SessionStore
    let hosts: AllowedHosts
    let scheduler: any DateScheduler

    init(adminToken: String, registry: AppRegistry, sessions: SessionStore, hosts: AllowedHosts, scheduler: any DateScheduler) {
        adminDigest = Array(Secrets.digest(adminToken))
        self.registry = registry
        self.sessions = sessions
        self.hosts = hosts
        self.scheduler = scheduler
    }

    /// The session cookie's name for the daemon on `port`: browsers send a
    /// `127.0.0.1` cookie to every port, so each daemon names its own.
    static func cookieName(port: Int) -> String {
        "herald_session_\(port)"
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let header = request.headers[.authorization] {
            (context.principal, context.credential) = try principal(bearer: header)
        } else if let cookie = request.cookies[Self.cookieName(port: hosts.currentPort)]?.value {
            if let fingerprint = sessions.session(cookie, now: scheduler.now) {
                try checkBrowserRequest(request)
                context.principal = .admin(viaCookie: true)
                context.credential = .session(fingerprint: fingerprint)
            } else {
                context.sentStaleSession = true
            }
        }
        return try await next(request, context)
    }

    private func principal(bearer header: String) throws -> (Principal, Credential) {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw ServerError.unauthorized("use `Authorization: Bearer <token>`")
        }
        let digest = Secrets.digest(String(parts[1]))
        if Secrets.constantTimeEqual(Array(digest), adminDigest) { return (.admin(viaCookie: false), .adminToken) }
        let fingerprint = Secrets.fingerprint(of: digest)
        if let app = registry.app(forFingerprint: fingerprint) { return (.app(app), .appToken(fingerprint: fingerprint)) }
        throw ServerError.unauthorized("the token is not the admin token nor an app's")
    }

    private func checkBrowserRequest(_ request: Request) throws {
        if let origin = request.headers[.origin], !hosts.allowsOrigin(origin) {
            throw ServerError(status: .forbidden, code: .csrf, message: "requests from \(origin) are not allowed")
        }
        let changesState = ![HTTPRequest.Method.get, .head, .options].contains(request.method)
        if changesState && request.headers[Self.csrfHeader] == nil {
            throw ServerError(
                status: .forbidden, code: .csrf,
                message: "a browser request that changes something must send the X-Herald-CSRF header")
        }
        let isWebSocket = request.headers[.upgrade]?.lowercased() == "websocket"
        if isWebSocket && request.headers[.origin] == nil {
            throw ServerError(status: .forbidden, code: .csrf, message: "a browser WebSocket must send its Origin")
        }
    }
}

extension HeraldRequestContext {
    /// The caller, who must have sent credentials (else 401).
    func requirePrincipal() throws -> Principal {
        guard let principal else {
            if sentStaleSession {
                throw ServerError.unauthorized(
                    "this browser's session has ended: open the sign-in address `herald serve` printed (or run `herald open`)")
            }
            throw ServerError.unauthorized("send `Authorization: Bearer <token>` (the admin token or the app's token)")
        }
        return principal
    }

    /// The credential the caller sent (else 401).
    func requireCredential() throws -> Credential {
        _ = try requirePrincipal()
        guard let credential else { throw ServerError.unauthorized("send credentials") }
        return credential
    }

    /// Refuses callers other than the admin (403) or without credentials (401).
    func requireAdmin() throws {
        guard case .admin = try requirePrincipal() else {
            throw ServerError.forbidden("only the admin credential may do this")
        }
    }

    /// Refuses callers other than the admin token itself (403): a browser session is
    /// the admin too, but may not make what signs in another browser.
    func requireAdminToken() throws {
        guard case .adminToken = try requireCredential() else {
            throw ServerError.forbidden("only the admin token may do this, not an app's token or a browser session")
        }
    }

    /// Refuses callers that may not act for `app`.
    func requireAccess(to app: AppIdentifier) throws {
        guard try requirePrincipal().mayAct(for: app) else {
            throw ServerError.forbidden("this token belongs to another app")
        }
    }
}
