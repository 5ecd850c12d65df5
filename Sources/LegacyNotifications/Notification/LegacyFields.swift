import Foundation
import NotificationModel

/// The `UILocalNotification` properties the engine has no field for, kept in the
/// request's payload under ``LegacyFields/key`` so that a notification read back
/// (``UIApplication/scheduledLocalNotifications``, a delivery handed to the
/// delegate) equals the one scheduled.
///
/// `fireDate`, `timeZone`, `repeatInterval` and `repeatCalendar` are kept as
/// given because the engine holds only the trigger computed from them;
/// `alertAction`, `hasAction` and `alertLaunchImage` have no engine equivalent.
/// The key is stripped from `userInfo` on the way back, and an app's own
/// `userInfo` may not use it. It counts toward the engine's 4 KiB payload limit
/// (typically under 200 bytes).
struct LegacyFields: Codable, Hashable, Sendable {
    /// The reserved `userInfo` key.
    static let key = "herald.UILocalNotification"

    var fireDate: Date?
    var timeZone: String?
    var repeatInterval: UInt
    var repeatCalendar: Calendar?
    var alertAction: String?
    var hasAction: Bool
    var alertLaunchImage: String?

    /// The fields as a JSON value for the payload.
    func jsonValue() throws -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(self))
        } catch {
            throw NotificationError(.invalidPayload, "the notification's iOS 8 fields cannot be encoded: \(error)")
        }
    }

    /// The fields stored in a payload, if it has them.
    init?(payload: [String: JSONValue]) {
        guard let value = payload[Self.key],
            let data = try? JSONEncoder().encode(value),
            let fields = try? JSONDecoder().decode(Self.self, from: data)
        else { return nil }
        self = fields
    }

    init(
        fireDate: Date?, timeZone: String?, repeatInterval: UInt, repeatCalendar: Calendar?,
        alertAction: String?, hasAction: Bool, alertLaunchImage: String?
    ) {
        self.fireDate = fireDate
        self.timeZone = timeZone
        self.repeatInterval = repeatInterval
        self.repeatCalendar = repeatCalendar
        self.alertAction = alertAction
        self.hasAction = hasAction
        self.alertLaunchImage = alertLaunchImage
    }
}
