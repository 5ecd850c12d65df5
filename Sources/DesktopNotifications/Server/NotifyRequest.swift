/// The arguments of one `org.freedesktop.Notifications.Notify` call.
package struct NotifyRequest: Sendable, Hashable {
    /// `app_name`: the app's display name.
    package var appName: String
    /// `replaces_id`: the server's id of the notification this one replaces, or 0.
    package var replacesID: UInt32
    /// `app_icon`: an icon name or `file://` URI, or empty.
    package var appIcon: String
    /// `summary`: one line, plain text.
    package var summary: String
    /// `body`: plain text, or the spec's markup subset when the server has `body-markup`.
    package var body: String
    /// `actions`: key, label, key, label, … in the order they are shown.
    package var actions: [String]
    /// `hints`: urgency, desktop entry, sound, image.
    package var hints: [String: DBusValue]
    /// `expire_timeout` in milliseconds: -1 is the server's default, 0 never.
    package var expireTimeout: Int32

    /// The call's arguments, in the order `Notify` takes them (`susssasa{sv}i`).
    package var arguments: [DBusValue] {
        [
            .string(appName), .uint32(replacesID), .string(appIcon), .string(summary), .string(body),
            .array(actions.map(DBusValue.string), element: "s"), .dictionary(hints), .int32(expireTimeout),
        ]
    }
}
