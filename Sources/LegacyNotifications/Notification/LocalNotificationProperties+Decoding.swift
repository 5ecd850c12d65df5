import Foundation
import NotificationModel

/// How an engine request becomes a `UILocalNotification` again: the inverse of
/// `LocalNotificationProperties+Request`, with the reserved payload key stripped.
///
/// Empty strings read back as `nil` (the engine has no `nil` title or body), a
/// `nil` badge as `0` and an empty `userInfo` as `nil`. A request scheduled
/// through another API (no reserved key) reads back with `fireDate` set to the
/// date given (its next or last fire date) and no iOS 8-only fields.
extension LocalNotificationProperties {
    init(request: NotificationRequest, fireDate dateWithoutFields: Date?) {
        self.init()
        var payload = request.content.userInfo
        let fields = LegacyFields(payload: payload)
        payload[LegacyFields.key] = nil
        if let fields {
            apply(fields)
        } else if request.trigger.map(\.isLocation) != true {
            fireDate = dateWithoutFields
        }
        apply(request.content, payload: payload)
        if case .location(let trigger) = request.trigger {
            region = CLCircularRegion(trigger.region)
            regionTriggersOnce = !trigger.repeats
        }
    }

    private mutating func apply(_ fields: LegacyFields) {
        fireDate = fields.fireDate
        timeZone = fields.timeZone.flatMap(TimeZone.init(identifier:))
        repeatInterval = NSCalendar.Unit(rawValue: fields.repeatInterval)
        repeatCalendar = fields.repeatCalendar
        alertAction = fields.alertAction
        hasAction = fields.hasAction
        alertLaunchImage = fields.alertLaunchImage
    }

    private mutating func apply(_ content: NotificationContent, payload: [String: JSONValue]) {
        alertTitle = content.title.isEmpty ? nil : content.title
        alertBody = content.body.isEmpty ? nil : content.body
        soundName = content.sound.map { $0.name ?? UILocalNotificationDefaultSoundName }
        applicationIconBadgeNumber = content.badge ?? 0
        userInfo = UserInfoBox(payload.isEmpty ? nil : UserInfoCoding.userInfo(from: payload))
        category = content.categoryIdentifier.isEmpty ? nil : content.categoryIdentifier
    }
}

extension NotificationTrigger {
    var isLocation: Bool {
        if case .location = self { true } else { false }
    }
}
