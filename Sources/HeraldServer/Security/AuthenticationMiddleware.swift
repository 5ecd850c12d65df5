import HeraldAPI
import HTTPTypes
import Hummingbird
import Logging
import NotificationEngine
import Signals

/// Finds who sent a request, from `Authorization: Bearer …` or the web
/// notification center's session cookie with its key, and guards browser requests.
///
/// A request without credentials goes on without a principal (public routes
/// answer it; the others refuse it with 401); so does one whose session cookie is
/// unknown or ended, such as another daemon's. A bearer token that is neither an
/// admin token nor an app's is refused at once.
///
/// A session cookie alone is not a credential: browsers send it to every port of
/// the host, whichever page makes the request. It opens only the daemon's pages
/// (HTML, scripts and styles, which hold no data); every call, GET included, and
/// every event stream also needs the session's key (``SessionKeyTransport``), which
/// only the daemon's own pages hold. A keyed request that sends an `Origin` must
/// come from exactly the daemon's own, and a WebSocket must send one.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = HeraldRequestContext

    let admins: AdminCredentials
    let registry: AppRegistry
    let sessions: SessionStore
    let hosts: AllowedHosts
    let scheduler: any DateScheduler
    private let logger = Logger(label: "herald.daemon.sessions")

    init(admins: AdminCredentials, registry: AppRegistry, sessions: SessionStore, hosts: AllowedHosts, scheduler: any DateScheduler) {
        self.admins = admins
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
        // Push resources are capabilities, and their `Authorization` is VAPID's, for
        // the push service to check; the push socket is a browser's push client's, with
        // its own identifier: no credential is read there.
        let path = request.uri.path
        if path.hasPrefix("/push/") || path == "/push-socket" { return try await next(request, context) }
        if let header = request.headers[.authorization] {
            (context.principal, context.credential) = try principal(bearer: header)
        } else if let cookie = request.cookies[Self.cookieName(port: hosts.currentPort)]?.value {
            try signIn(&context, cookie: cookie, request: request)
        }
        return try await next(request, context)
    }

    /// Sets the context's browser session from the cookie and the key beside it.
    private func signIn(_ context: inout Context, cookie: String, request: Request) throws {
        let now = scheduler.now
        switch sessions.lookup(cookie, key: SessionKeyTransport.key(of: request), now: now) {
        case .none:
            context.sentStaleSession = true
        case .keyless(let fingerprint):
            context.browserSession = fingerprint
            context.sentSessionWithoutKey = true
        case .keyed(let fingerprint):
            try checkBrowserRequest(request)
            context.browserSession = fingerprint
            context.principal = .admin(viaCookie: true)
            context.credential = .session(fingerprint: fingerprint)
            do {
                try sessions.recordUse(fingerprint: fingerprint, now: now)
            } catch {
                // The next use records it; the session's idle limit is a day.
                logger.warning("cannot record a browser session's use: \(error)")
            }
        }
    }

    private func principal(bearer header: String) throws -> (Principal, Credential) {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw ServerError.unauthorized("use `Authorization: Bearer <token>`")
        }
        let digest = Secrets.digest(String(parts[1]))
        if admins.admits(digest: digest) { return (.admin(viaCookie: false), .adminToken) }
        let fingerprint = Secrets.fingerprint(of: digest)
        if let app = registry.app(forFingerprint: fingerprint) { return (.app(app), .appToken(fingerprint: fingerprint)) }
        throw ServerError.unauthorized("the token is not the admin token nor an app's")
    }

    private func checkBrowserRequest(_ request: Request) throws {
        if let origin = request.headers[.origin], !hosts.allowsOrigin(origin) {
            throw ServerError(status: .forbidden, code: .csrf, message: "requests from \(origin) are not allowed")
        }
        if WebSocketUpgrade.isRequested(by: request) && request.headers[.origin] == nil {
            throw ServerError(status: .forbidden, code: .csrf, message: "a browser WebSocket must send its Origin")
        }
    }
}

extension HeraldRequestContext {
    /// The caller, who must have sent credentials (else 401).
    func requirePrincipal() throws -> Principal {
        guard let principal else {
            if sentStaleSession {
                throw ServerError.unauthorized("this browser's session has ended: sign in again (run `herald open`)")
            }
            if sentSessionWithoutKey {
                throw ServerError(
                    status: .unauthorized, code: .sessionKeyRequired,
                    message: "a browser call needs its session's key (the X-Herald-Key header, which only the daemon's "
                        + "own pages hold): this page has none, or another session's; sign in again (run `herald open`)")
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

    /// Whether the caller may load the daemon's pages (HTML, scripts, styles): a
    /// browser with a session, even without its key (pages hold no data), or the admin.
    var mayOpenPages: Bool {
        browserSession != nil || principal?.isAuthenticatedUser == true
    }

    /// Refuses callers that may not load the daemon's pages: 401 without credentials,
    /// 403 for an app's token.
    func requirePageAccess() throws {
        guard browserSession == nil else { return }
        try requireAdmin()
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
