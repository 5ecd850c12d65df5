import Foundation
import HTTPTypes
import HeraldAPI
import Hummingbird
import HummingbirdCore
import Signals

/// Browser sessions of the web notification center: signing in at `/login` with
/// a one-time code (or, by the sign-in page's form, the admin token), signing out,
/// and the admin's codes, sign-in pages and ending of every session.
struct SessionRoutes {
    let admins: AdminCredentials
    let services: DaemonServices
    let hosts: AllowedHosts
    let files: StaticFiles

    func add(to router: Router<HeraldRequestContext>) {
        // The address `herald open --print` and `herald serve` print: a code, never the admin token.
        router.get("login") { request, _ in
            try signIn(request.uri.queryParameters, acceptsToken: false)
        }
        // The sign-in page's form (the admin token) and a sign-in page file's (a code) post here.
        router.post("login") { request, context in
            try await signIn(form: request, context)
        }
        // Signing out ends this browser's session and closes the streams it opened.
        router.post("logout") { _, context in
            try signOut(context)
        }
        // What `herald open --print` signs a browser in with, so the admin token stays out of its address.
        router.post("v1/sessions/codes") { _, context in
            try context.requireAdminToken()
            let issued = try services.signInCodes.issue(now: services.scheduler.now)
            return JSONResponse(API.SignInCode(code: issued.code, expiresAt: issued.expiresAt), status: .created)
        }
        // What `herald open` hands the browser: a file that signs in, so no code is on a command line.
        router.post("v1/sessions/pages") { request, context in
            try context.requireAdminToken()
            let body = try await request.decodeJSON(API.SignInPageRequest.self, context: context)
            let next = Self.destination(body.next)
            let (file, expiresAt) = try services.signInPages.write(base: hosts.localURL, next: next)
            return JSONResponse(API.SignInPage(path: file.path, expiresAt: expiresAt), status: .created)
        }
        // The admin ends every browser session, for instance after a sign-in address leaked.
        router.delete("v1/sessions") { _, context in
            try context.requireAdmin()
            let ended = try services.sessions.endAll(now: services.scheduler.now)
            ended.forEach { services.streams.revoke(.session(fingerprint: $0)) }
            return JSONResponse(["ended": ended.count])
        }
    }

    /// Starts a session for a query with a current code (or, from the form, the
    /// admin token): sets its cookie and answers the page that hands the session's
    /// key to the browser's tab and goes on to `next` (a page of this daemon) or the
    /// center; else the sign-in page with 401.
    private func signIn(_ query: Parameters, acceptsToken: Bool) throws -> Response {
        guard try admits(query, acceptsToken: acceptsToken) else { return try files.signInPage() }
        return try startSession(next: query.get("next"))
    }

    /// Starts a session: its cookie, and the page that hands its key to the tab.
    private func startSession(next: String?) throws -> Response {
        let (id, key) = try services.sessions.create(now: services.scheduler.now)
        var response = try files.signedInPage(key: key, next: Self.destination(next))
        response.setCookie(sessionCookie(id, maxAge: Int(SessionStore.maximumLifetime)))
        return response
    }

    /// Signs in with a form's `token` or `code`, and `next`
    /// (`application/x-www-form-urlencoded`, at most 4 KiB). A refusal goes back to
    /// the sign-in page with `next` kept, so the page can say it was refused.
    ///
    /// The form comes from the daemon's sign-in page, or from a sign-in page file
    /// `herald open` or a desktop notification opened (``SignInPages``). Its `Origin`
    /// may be missing (a client that is no browser), `null` (the file, whose origin
    /// is opaque, and the daemon's own page, served with `Referrer-Policy:
    /// no-referrer`) or exactly the daemon's; a page of any other origin is refused.
    /// Accepting `null` lets only a page that holds a code or the admin token sign
    /// in, which is what the form asks for anyway; what it answers, the session's
    /// key, is readable only by the daemon's own origin in the window the form
    /// navigated (it cannot be framed: `frame-ancestors 'none'`).
    private func signIn(form request: Request, _ context: HeraldRequestContext) async throws -> Response {
        if let origin = request.headers[.origin], origin != "null", !hosts.allowsOrigin(origin) {
            throw ServerError(status: .forbidden, code: .csrf, message: "requests from \(origin) are not allowed")
        }
        let body = try await request.body.collect(upTo: 4_096)
        let fields = URI("/login?" + String(buffer: body)).queryParameters
        guard try admits(fields, acceptsToken: true) else {
            var again = URLComponents()
            again.path = "/login"
            again.queryItems = [
                URLQueryItem(name: "next", value: Self.destination(fields.get("next"))),
                URLQueryItem(name: "refused", value: "1"),
            ]
            return Response(status: .seeOther, headers: [.location: again.string ?? "/login", .cacheControl: "no-store"])
        }
        return try startSession(next: fields.get("next"))
    }

    /// Where a sign-in goes: `next` when it is a path on this daemon — it starts with
    /// one `/` and holds only printable ASCII without backslashes (percent-encoded
    /// otherwise), so no browser reads it as another host — else the center, `/`.
    static func destination(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), next.utf8.count <= 2_048,
            next.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) && $0 != "\\" })
        else { return "/" }
        return next
    }

    /// Whether the query's `token` is an admin token (when `acceptsToken`: a form's
    /// body, never an address) or, without one, its `code` a current sign-in code,
    /// which it uses up. Both compare in constant time.
    private func admits(_ query: Parameters, acceptsToken: Bool) throws -> Bool {
        if let token = query.get("token") { return acceptsToken && admins.admits(token) }
        guard let code = query.get("code") else { return false }
        guard try services.signInCodes.redeem(code, now: services.scheduler.now) else { return false }
        services.signInPages.used(code: code)
        return true
    }

    /// Ends the session of a cookie request and clears the cookie.
    private func signOut(_ context: HeraldRequestContext) throws -> Response {
        guard case .session(let fingerprint) = try context.requireCredential() else {
            throw ServerError.badRequest("only a browser session signs out; a token is revoked by renewing it")
        }
        try services.sessions.end(fingerprint: fingerprint, now: services.scheduler.now)
        services.streams.revoke(.session(fingerprint: fingerprint))
        var response = Response(status: .noContent)
        response.setCookie(sessionCookie("", maxAge: 0))
        return response
    }

    private func sessionCookie(_ value: String, maxAge: Int) -> Cookie {
        Cookie(
            name: AuthenticationMiddleware.cookieName(port: hosts.currentPort), value: value, maxAge: maxAge, path: "/",
            secure: false, httpOnly: true, sameSite: .strict)
    }
}
