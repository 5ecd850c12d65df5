extension API {
    /// The one error shape of the API: `{"error": {"code": …, "message": …}}`,
    /// sent with a 4xx or 5xx status.
    public struct ErrorBody: Codable, Sendable, Hashable, Error, CustomStringConvertible {
        /// The error itself.
        public struct Detail: Codable, Sendable, Hashable {
            /// A stable, machine-readable name: `pendingLimitReached`, `unauthorized`, ….
            public var code: String
            /// A sentence for a person.
            public var message: String

            /// An error detail.
            public init(code: String, message: String) {
                self.code = code
                self.message = message
            }
        }

        /// The error.
        public var error: Detail

        /// An error body with this code and message.
        public init(code: String, message: String) {
            error = Detail(code: code, message: message)
        }

        /// `code: message`.
        public var description: String { "\(error.code): \(error.message)" }
    }
}
