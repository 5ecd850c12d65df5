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

extension HeraldClient {
    /// A sign-in page the daemon writes on its machine, owner-only, that signs a
    /// browser in once, within 60 seconds, and goes on to `next` (the center by
    /// default): `POST /v1/sessions/pages` (the admin token only). Opening the file
    /// keeps the one-time code off every command line.
    ///
    /// ```swift
    /// let page = try await client.signInPage()
    /// try await opener.open(URL(fileURLWithPath: page.path))
    /// ```
    public func signInPage(next: String? = nil) async throws -> API.SignInPage {
        try await call(.post, ["v1", "sessions", "pages"], body: API.SignInPageRequest(next: next))
    }
}
