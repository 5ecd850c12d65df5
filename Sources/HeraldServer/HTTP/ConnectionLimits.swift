/// How many HTTP connections the daemon keeps open at once, from one address and in
/// all: the HTTP API's, and apart from them the provider API listener's
/// (``PushListenerConfiguration/connectionLimits``), where devices on other machines keep
/// their links. At a limit, a new connection closes the connection that has waited longest
/// for its client (silent since it opened, idle between requests, or stalled in a
/// request); when every connection is busy (being answered, or a WebSocket), the new
/// one is closed at once, before anything is read from it.
public struct ConnectionLimits: Sendable, Equatable {
    /// Connections from one address: 512. On loopback every client shares 127.0.0.1,
    /// so this is what the user's own clients (the web center's streams, apps, the
    /// command line) have together.
    public var perPeer = 512
    /// Connections in all: 1,024, and fewer when the process may not open that many
    /// descriptors besides the ones kept for the rest of the daemon
    /// (``reservedDescriptors``).
    public var total = 1_024

    /// The defaults: 512 from one address, 1,024 in all.
    public init() {}

    /// `perPeer` connections from one address, `total` in all.
    public init(perPeer: Int, total: Int) {
        self.perPeer = perPeer
        self.total = total
    }

    /// Descriptors kept for what is not a client's connection: the stores and their
    /// journals, attachments being read or written, the desktop's D-Bus connections,
    /// webhook posts, PostgreSQL connections, the event loops.
    public static let reservedDescriptors = 256

    /// These limits, lowered to fit a process that may open `descriptors` files:
    /// ``total`` at most `descriptors` less ``reservedDescriptors`` (but no lower than 16
    /// for that), ``perPeer`` at most ``total``.
    public func fitted(toDescriptors descriptors: Int) -> ConnectionLimits {
        var fitted = self
        fitted.total = min(total, max(descriptors - Self.reservedDescriptors, 16))
        fitted.perPeer = min(perPeer, fitted.total)
        return fitted
    }
}
