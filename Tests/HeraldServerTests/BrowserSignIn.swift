import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HummingbirdTesting
import Testing

/// Signing a test browser in, as the daemon's pages do: the session cookie, and
/// the session's key that the sign-in answer's page holds.
extension SecurityTests {
    /// Signs in with a one-time code and returns what the daemon's own page sends
    /// with every call: the cookie and `X-Herald-Key`.
    static func signIn(_ client: some TestClientProtocol, _ daemon: TestDaemon) async throws -> HTTPFields {
        let code = try await client.call(.post, "/v1/sessions/codes", token: daemon.admin).decode(API.SignInCode.self).code
        return try sessionCookie(from: try await client.call(.get, "/login?code=\(code)"))
    }

    /// What a page of the daemon sends after this sign-in answer: the `Cookie` the
    /// browser sends back and the key the answer's page keeps.
    static func sessionCookie(from answer: Answer) throws -> HTTPFields {
        var fields = try cookieOnly(from: answer)
        fields[SessionKeyTransport.header] = try key(in: answer)
        return fields
    }

    /// The `Cookie` header alone, as the browser sends it with any page's request.
    static func cookieOnly(from answer: Answer) throws -> HTTPFields {
        let setCookie = try #require(answer.headers[.setCookie])
        return [.cookie: String(setCookie.prefix { $0 != ";" })]
    }

    /// The session's key in a sign-in answer's page (`<meta name="herald-key" content="…">`).
    static func key(in answer: Answer) throws -> String {
        let html = String(decoding: answer.body, as: UTF8.self)
        let marker = #"<meta name="herald-key" content=""#
        let start = try #require(html.range(of: marker), "no key in the sign-in answer: \(html)").upperBound
        return String(html[start...].prefix { $0 != "\"" })
    }
}
