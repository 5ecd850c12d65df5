import Foundation
import HTTPTypes
import HeraldAPI
import Hummingbird
import HummingbirdCore
import Signals

/// Browser sessions of the web notification center: signing in at `/login` with
/// the admin token or a one-time code, signing out, and the admin's codes and
/// ending of every session.
struct SessionRoutes {
    let adminToken: String
    let services: DaemonServices
    let hosts: AllowedHosts
    let files: StaticFiles

    func add(to router: Router<HeraldRequestContext>) {
        router.get("login") { request, _ in
            try signIn(request.uri.queryParameters)
        }
        // The sign-in page's form posts the token, so it stays out of the address and the history.
        router.post("login") { request, context in
            try await signIn(form: request, context)
        }
        // Signing out ends this browser's session and closes the streams it opened.
        router.post("logout") { _, context in
            try signOut(context)
        }
        // What `herald open` signs a browser in with, so the admin token stays out of its address.
        router.post("v1/sessions/codes") { _, context in
            try context.requireAdminToken()
            let issued = try services.signInCodes.issue(now: services.scheduler.now)
            return JSONResponse(API.SignInCode(code: issued.code, expiresAt: issued.expiresAt), status: .created)
        }
        // The admin ends every browser session, for instance after a sign-in address leaked.
        router.delete("v1/sessions") { _, context in
            try context.requireAdmin()
            let ended = try services.sessions.endAll(now: services.scheduler.now)
            ended.forEach { services.streams.revoke(.session(fingerprint: $0)) }
            return JSONResponse(["ended": ended.count])
        }
    }

    /// Starts a session for a query with the admin token or a current code, sets its
    /// cookie and redirects to `next` (a page of this daemon) or the center; else the
    /// sign-in page with 401.
    private func signIn(_ query: Parameters) throws -> Response {
        guard try admits(query) else { return try files.signInPage() }
        let session = try services.sessions.create(now: services.scheduler.now)
        let location = Self.destination(query.get("next"))
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        response.setCookie(sessionCookie(session, maxAge: Int(SessionStore.lifetime)))
        return response
    }

    /// Signs in with a form's `token` (or `code`) and `next`
    /// (`application/x-www-form-urlencoded`, at most 4 KiB). A refusal goes back to
    /// the sign-in page with `next` kept, so the page can say it was refused.
    private func signIn(form request: Request, _ context: HeraldRequestContext) async throws -> Response {
        // A page served with `Referrer-Policy: no-referrer` posts its forms with `Origin: null`;
        // another site's page names itself, and is refused.
        if let origin = request.headers[.origin], origin != "null", !hosts.allowsOrigin(origin) {
            throw ServerError(status: .forbidden, code: .csrf, message: "requests from \(origin) are not allowed")
        }
        let body = try await request.body.collect(upTo: 4_096)
        let fields = URI("/login?" + String(buffer: body)).queryParameters
        guard try admits(fields) else {
            var again = URLComponents()
            again.path = "/login"
            again.queryItems = [URLQueryItem(name: "next", value: Self.destination(fields.get("next")))]
            return Response(status: .seeOther, headers: [.location: again.string ?? "/login", .cacheControl: "no-store"])
        }
        return try signIn(fields)
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

    /// Whether the query's `token` is the admin token or, without one, its `code` a
    /// current sign-in code, which it uses up. Both compare in constant time.
    private func admits(_ query: Parameters) throws -> Bool {
        if let token = query.get("token") { return Secrets.constantTimeEqual(token, adminToken) }
        guard let code = query.get("code") else { return false }
        return try services.signInCodes.redeem(code, now: services.scheduler.now)
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
