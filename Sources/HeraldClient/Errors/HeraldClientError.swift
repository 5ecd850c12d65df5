public import HeraldAPI
public import NotificationModel

/// Why a call to the Herald daemon failed: the daemon could not be found or
/// reached, or it answered with an error.
///
/// ```swift
/// do {
///     try await client.add(request, for: "com.example.todo")
/// } catch let error as HeraldClientError where error.code == .refused {
///     print(error.status ?? 0, error.serverError?.code == .pendingLimitReached)   // 409 true
/// }
/// ```
public struct HeraldClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; compare with `==`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case daemonUnreachable, credentialsUnavailable, invalidEndpoint, refused, invalidResponse
            case connectionFailed, unsupported
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// No daemon answers: no `daemon.json` in the data directory, or nothing
        /// listens at its address.
        public static let daemonUnreachable = Code(.daemonUnreachable)
        /// The token could not be read: no `admin-token` file, or it is unreadable or empty.
        public static let credentialsUnavailable = Code(.credentialsUnavailable)
        /// The daemon's address is not an `http://` URL, or `daemon.json` cannot be read.
        public static let invalidEndpoint = Code(.invalidEndpoint)
        /// The daemon answered with an error status; see ``HeraldClientError/status``
        /// and ``HeraldClientError/serverError``.
        public static let refused = Code(.refused)
        /// The daemon's answer is not what the API promises.
        public static let invalidResponse = Code(.invalidResponse)
        /// The connection failed after it was made, or timed out.
        public static let connectionFailed = Code(.connectionFailed)
        /// Something the daemon's HTTP API cannot do.
        public static let unsupported = Code(.unsupported)

        /// The code's name, such as `refused`.
        public var description: String { base.rawValue }
    }

    /// The kind of failure.
    public var code: Code
    /// What went wrong, for a person to read.
    public var message: String
    /// The HTTP status of a ``Code/refused`` answer.
    public var status: Int?
    /// The daemon's own error (`{"error": {"code", "message"}}`) of a ``Code/refused`` answer.
    public var serverError: API.ErrorBody.Detail?

    /// An error with this code and message.
    public init(_ code: Code, _ message: String, status: Int? = nil, serverError: API.ErrorBody.Detail? = nil) {
        self.code = code
        self.message = message
        self.status = status
        self.serverError = serverError
    }

    /// The daemon's refusal, from its status and error body.
    public static func refused(status: Int, _ body: API.ErrorBody) -> HeraldClientError {
        HeraldClientError(.refused, body.error.message, status: status, serverError: body.error)
    }

    /// `code: message`, with the daemon's error code for a refusal.
    public var description: String {
        "\(serverError?.code.rawValue ?? code.description): \(message)"
    }
}

extension HeraldClientError {
    /// The engine's error this refusal carries: the daemon sends engine errors
    /// with the code's name (`pendingLimitReached`, …); `nil` for the daemon's own
    /// codes (`unauthorized`, `notFound`, …) and for failures to reach it.
    public var notificationError: NotificationError? {
        guard code == .refused, let serverError, let engineCode = serverError.code.notificationErrorCode else {
            return nil
        }
        return NotificationError(engineCode, serverError.message)
    }
}
