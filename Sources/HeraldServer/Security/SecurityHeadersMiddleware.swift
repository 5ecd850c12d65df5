import HTTPTypes
import Hummingbird

/// Adds the headers that keep the daemon's pages to themselves, to every response:
///
/// - `Content-Security-Policy`: scripts, styles and connections only from the daemon
///   itself (no inline script or style, no `eval`), images from it or from `blob:`
///   addresses its pages made (attachments fetched with the session's key), and
///   `frame-ancestors 'none'`, so no other page can frame the notification center;
/// - `X-Content-Type-Options: nosniff`, so a response is never run as another type;
/// - `X-Frame-Options: DENY` for browsers that predate `frame-ancestors`;
/// - `Referrer-Policy: no-referrer`, so the sign-in address never leaks in a `Referer`;
/// - `Cross-Origin-Opener-Policy` and `Cross-Origin-Resource-Policy: same-origin`.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: AllowedHosts

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        // Only a name the daemon answers to goes into the policy.
        let host = request.head.authority.flatMap { hosts.allows($0) ? $0 : nil }
        response.headers.append(contentsOf: Self.headers(host: host))
        return response
    }

    /// The headers, for a request that named the daemon as `host`.
    static func headers(host: String?) -> HTTPFields {
        // `'self'` covers `ws:` to the page's own host and port in CSP 3; the explicit
        // source is for browsers that implement CSP 2.
        let socket = host.map { " ws://\($0)" } ?? ""
        return [
            .contentSecurityPolicy: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
                + "connect-src 'self'\(socket); manifest-src 'self'; base-uri 'none'; form-action 'self'; "
                + "frame-ancestors 'none'",
            .xContentTypeOptions: "nosniff",
            HTTPField.Name("X-Frame-Options")!: "DENY",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
            HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
            HTTPField.Name("Cross-Origin-Resource-Policy")!: "same-origin",
        ]
    }
}
