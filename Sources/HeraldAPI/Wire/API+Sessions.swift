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
