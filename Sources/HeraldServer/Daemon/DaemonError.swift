/// The daemon could not start or keep its files: a message for the person who
/// started it.
public struct DaemonError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
