public import Foundation

/// The error of a signal that did not finish in time (see `Signal.timeout(after:on:)`).
///
/// ```swift
/// reply.timeout(after: 5, on: scheduler).subscribeError { print($0.message) }
/// // "no terminal event within 5.0 s"
/// ```
public struct SignalTimeoutError: Error, CustomStringConvertible, Equatable {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind { case timedOut }
        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The signal neither completed nor failed within the allowed time.
        public static let timedOut = Code(.timedOut)

        public var description: String {
            switch kind {
            case .timedOut: "timedOut"
            }
        }
    }

    /// What went wrong.
    public let code: Code
    /// How long the signal was allowed to run, in seconds.
    public let interval: TimeInterval
    /// A sentence for people.
    public let message: String

    /// The error of a signal that did not terminate within `interval` seconds.
    public init(interval: TimeInterval) {
        self.code = .timedOut
        self.interval = interval
        self.message = "no terminal event within \(interval) s"
    }

    public var description: String { "SignalTimeoutError.\(code): \(message)" }
}
