import Foundation

/// What the desktop's notification server sent back.
package enum NotificationServerSignal: Sendable, Hashable {
    /// `ActionInvoked`: the user chose the action with this key (`default`: the body).
    case actionInvoked(id: UInt32, key: String)
    /// `NotificationClosed`: 1 expired, 2 dismissed by the user, 3 closed by a call, 4 other.
    case closed(id: UInt32, reason: UInt32)
    /// `NotificationReplied` (KDE's `inline-reply`): the text typed in.
    case replied(id: UInt32, text: String)
    /// `ActivationToken`: the token to pass to the program the action opens.
    case activationToken(id: UInt32, token: String)

    /// The signal as read off the bus, or `nil` for another member or malformed arguments.
    package init?(_ signal: DBusSignal) {
        let arguments = signal.arguments
        guard arguments.count == 2, let id = arguments[0].uint32 else { return nil }
        switch (signal.member, arguments[1]) {
        case ("ActionInvoked", .string(let key)): self = .actionInvoked(id: id, key: key)
        case ("NotificationClosed", .uint32(let reason)): self = .closed(id: id, reason: reason)
        case ("NotificationReplied", .string(let text)): self = .replied(id: id, text: text)
        case ("ActivationToken", .string(let token)): self = .activationToken(id: id, token: token)
        default: return nil
        }
    }
}

/// The desktop's notification server, `org.freedesktop.Notifications` (spec 1.3),
/// over a ``DBusConnection``.
package struct NotificationServer: Sendable {
    package static let name = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    let connection: DBusConnection
    /// How long a call may take before it counts as failed.
    var timeout: Duration

    package init(connection: DBusConnection, timeout: Duration = .seconds(5)) {
        self.connection = connection
        self.timeout = timeout
    }

    /// `GetCapabilities`: what the server can show (`actions`, `body-markup`, `persistence`, …).
    package func capabilities() throws -> Set<String> {
        let reply = try call("GetCapabilities", replyType: "(as)")
        return Set(reply.first?.strings ?? [])
    }

    /// `GetServerInformation`: name, vendor, version and spec version.
    package func information() throws -> [String] {
        try call("GetServerInformation", replyType: "(ssss)").compactMap(\.string)
    }

    /// `Notify`: shows (or replaces) a notification and returns its id.
    package func notify(_ request: NotifyRequest) throws -> UInt32 {
        let reply = try call("Notify", request.arguments, replyType: "(u)")
        guard let id = reply.first?.uint32 else {
            throw DBusError(.unexpectedReply, "Notify answered \(reply) instead of an id")
        }
        return id
    }

    /// `CloseNotification`: takes the notification off the screen.
    package func close(_ id: UInt32) throws {
        _ = try call("CloseNotification", [.uint32(id)], replyType: "()")
    }

    /// Calls `handler` with each signal the server sends, on the connection's thread;
    /// a signal of the interface that does not have its documented arguments goes
    /// to `malformed`.
    package func subscribe(
        _ handler: @escaping @Sendable (NotificationServerSignal) -> Void,
        malformed: @escaping @Sendable (DBusSignal) -> Void
    ) {
        connection.subscribe(sender: Self.name, interface: Self.name, member: nil, path: Self.path) { signal in
            if let known = NotificationServerSignal(signal) { handler(known) } else { malformed(signal) }
        }
    }

    private func call(_ method: String, _ arguments: [DBusValue] = [], replyType: String) throws -> [DBusValue] {
        try connection.call(
            Self.name, path: Self.path, interface: Self.name, method: method, arguments: arguments,
            replyType: replyType, timeout: timeout)
    }
}
