/// Why a `Command`'s execution failed: it was not allowed to start, or its work failed.
///
/// ```swift
/// command.execute(input).subscribeError { error in
///     if error.code == .failed, let cause = error.underlying { print("failed:", cause) }
/// }
/// ```
public struct CommandError<Failure: Error>: Error, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind { case notEnabled, failed }
        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// `execute(_:)` was called while the command was disabled (by its `enabled`
        /// input, or because it was already executing and concurrent execution is not
        /// allowed); no work was started.
        public static var notEnabled: Code { Code(.notEnabled) }
        /// The work failed; `underlying` holds its error.
        public static var failed: Code { Code(.failed) }

        public var description: String {
            switch kind {
            case .notEnabled: "notEnabled"
            case .failed: "failed"
            }
        }
    }

    /// What went wrong.
    public let code: Code
    /// A sentence for people.
    public let message: String
    /// The work's error, for `.failed`; `nil` for `.notEnabled`.
    public let underlying: Failure?

    init(_ code: Code, _ message: String, underlying: Failure? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    /// The error for a failure of the command's work.
    static func failed(_ error: Failure) -> CommandError {
        CommandError(.failed, "the command's work failed: \(error)", underlying: error)
    }

    public var description: String { "CommandError.\(code): \(message)" }
}

extension CommandError: Equatable where Failure: Equatable {}
