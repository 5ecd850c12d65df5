/// A UnifiedPush call Herald does not take, answered with a D-Bus error.
public struct UnifiedPushError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String { case invalidArguments }
        private let kind: Kind
        /// An argument missing, of the wrong type, too long or malformed:
        /// `org.freedesktop.DBus.Error.InvalidArgs`.
        public static let invalidArguments = Code(kind: .invalidArguments)
        public var description: String { kind.rawValue }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    /// The D-Bus error name the call is answered with.
    package var dbusName: String { "org.freedesktop.DBus.Error.InvalidArgs" }
}
