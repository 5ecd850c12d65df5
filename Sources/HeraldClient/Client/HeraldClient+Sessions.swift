public import HeraldAPI

extension HeraldClient {
    /// A one-time code that signs a browser in at `/login?code=<code>`, good once for
    /// 60 seconds: `POST /v1/sessions/codes` (the admin token only; any other
    /// credential is refused with the status 403).
    ///
    /// ```swift
    /// let code = try await client.signInCode()
    /// let address = client.endpoint.url.appendingPathComponent("login").absoluteString + "?code=" + code.code
    /// ```
    public func signInCode() async throws -> API.SignInCode {
        try await call(.post, ["v1", "sessions", "codes"], body: Empty())
    }
}
