public import Foundation

extension API {
    /// The answer of `POST /v1/sessions/codes` (the admin token only): a one-time
    /// code that signs a browser in at `/login?code=<code>`.
    ///
    /// ```swift
    /// let code = try await client.signInCode()
    /// let address = "\(base)/login?code=\(code.code)"   // good once, until code.expiresAt
    /// ```
    public struct SignInCode: Codable, Sendable, Hashable {
        /// `hsc_` and 256 random bits in base64url: good for one sign-in.
        public var code: String
        /// When the code stops being good, 60 seconds after it was made.
        public var expiresAt: Date

        /// A sign-in code.
        public init(code: String, expiresAt: Date) {
            self.code = code
            self.expiresAt = expiresAt
        }
    }
}

extension API {
    /// The body of `POST /v1/sessions/pages` (the admin token only): the page of the
    /// daemon the browser goes on to once signed in.
    public struct SignInPageRequest: Codable, Sendable, Hashable {
        /// A path on the daemon, such as `/` (the center, the default) or `/apps/todo/`.
        public var next: String?

        /// A request for a sign-in page that goes on to `next`.
        public init(next: String? = nil) {
            self.next = next
        }
    }

    /// The answer of `POST /v1/sessions/pages`: a sign-in page the daemon wrote, an
    /// owner-only HTML file on the daemon's machine that signs a browser in with a
    /// one-time code as soon as it opens. `herald open` hands the browser this file,
    /// so no code appears on a command line.
    ///
    /// ```swift
    /// let page = try await client.signInPage()
    /// try await opener.open(URL(fileURLWithPath: page.path))   // good once, until page.expiresAt
    /// ```
    public struct SignInPage: Codable, Sendable, Hashable {
        /// The file's absolute path; the daemon deletes it once used or expired.
        public var path: String
        /// When its code stops being good, 60 seconds after it was made.
        public var expiresAt: Date

        /// A sign-in page.
        public init(path: String, expiresAt: Date) {
            self.path = path
            self.expiresAt = expiresAt
        }
    }
}
