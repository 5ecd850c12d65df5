/// Why Herald could not work with the desktop's services: systemd's user manager
/// (`herald service`, the readiness notification of `herald serve`) or the browser
/// (`herald open`).
///
/// ```swift
/// do {
///     _ = try ServiceManagerNotifier.ready(url: "http://127.0.0.1:7878")
/// } catch let error as SystemIntegrationError where error.code == .notificationFailed {
///     print(error.message)
/// }
/// ```
public struct SystemIntegrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; compare with `==`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case unitConflict, unitFileFailed, executableUnusable, userManagerUnavailable, systemctlFailed
            case openerUnavailable, openerFailed, notifySocketInvalid, notificationFailed
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// A `herald.service` that `herald service install` did not write is in the way.
        public static let unitConflict = Code(.unitConflict)
        /// The unit file could not be written, read or removed.
        public static let unitFileFailed = Code(.unitFileFailed)
        /// The running `herald` cannot be named in a unit's `ExecStart=`.
        public static let executableUnusable = Code(.executableUnusable)
        /// `systemctl --user` finds no user service manager (no login session, a container).
        public static let userManagerUnavailable = Code(.userManagerUnavailable)
        /// `systemctl --user` ran and failed.
        public static let systemctlFailed = Code(.systemctlFailed)
        /// No `xdg-open` to hand the address to a browser.
        public static let openerUnavailable = Code(.openerUnavailable)
        /// `xdg-open` ran and failed.
        public static let openerFailed = Code(.openerFailed)
        /// `NOTIFY_SOCKET` names no socket Herald can send to.
        public static let notifySocketInvalid = Code(.notifySocketInvalid)
        /// The notification could not be sent to the service manager.
        public static let notificationFailed = Code(.notificationFailed)

        /// The code's name, such as `unitConflict`.
        public var description: String { base.rawValue }
    }

    /// The kind of failure.
    public var code: Code
    /// What went wrong and what to do about it, for a person to read.
    public var message: String

    /// An error with this code and message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
