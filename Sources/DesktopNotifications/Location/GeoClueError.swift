/// Why GeoClue gives no positions: no system bus, no GeoClue service, no agent to
/// authorize Herald, GeoClue refusing, or an answer of the wrong shape.
///
/// While the provider reports one (``GeoClueStatus/unavailable(_:)``), location
/// triggers wait; nothing is lost.
public struct GeoClueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, a code that can grow.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String { case noSystemBus, serviceMissing, noAgent, refused, serviceGone, unexpectedReply }
        private let kind: Kind
        /// GLib's GIO cannot be loaded, or the system bus cannot be reached.
        public static let noSystemBus = Code(kind: .noSystemBus)
        /// Nobody owns `org.freedesktop.GeoClue2` on the system bus and it cannot be activated.
        public static let serviceMissing = Code(kind: .serviceMissing)
        /// `GetClient` did not answer in time: GeoClue waits for an agent (the
        /// desktop's, which asks the person) that is not there.
        public static let noAgent = Code(kind: .noAgent)
        /// GeoClue answered with an error: it does not let Herald locate the machine.
        public static let refused = Code(kind: .refused)
        /// GeoClue left the system bus while Herald used it.
        public static let serviceGone = Code(kind: .serviceGone)
        /// A reply or signal did not have the shape GeoClue's interfaces define.
        public static let unexpectedReply = Code(kind: .unexpectedReply)
        public var description: String { kind.rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// What happened, for a person.
    public var message: String

    /// An error with this code and message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    /// The GeoClue error a failed D-Bus call means: a timeout of `GetClient` is a
    /// missing agent, an unknown name a missing service, any other error a refusal.
    init(_ error: any Error, calling what: String) {
        guard let error = error as? DBusError else {
            self.init(.refused, "\(what): \(error)")
            return
        }
        switch error.code {
        case .timedOut:
            self.init(.noAgent, "\(what) did not answer: GeoClue is waiting for an agent to authorize Herald (\(error.message))")
        case .serviceUnknown:
            self.init(.serviceMissing, "GeoClue is not on the system bus: \(error.message)")
        case .unexpectedReply:
            self.init(.unexpectedReply, error.message)
        case .desktopUnavailable, .noBus, .connectionFailed:
            self.init(.noSystemBus, error.message)
        default:
            self.init(.refused, "\(what): \(error.message)")
        }
    }
}
