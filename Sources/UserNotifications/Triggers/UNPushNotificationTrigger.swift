import NotificationModel

/// The trigger of a request that a push service sent (Apple Push Notification
/// service; on Herald, the daemon's push service).
///
/// You do not create one: the engine makes it for the request a remote
/// notification becomes, and you meet it on the `trigger` of a delivered
/// notification's request, in `willPresent`, `didReceive` or
/// ``UNUserNotificationCenter/getDeliveredNotifications(completionHandler:)``.
///
/// ```swift
/// let pushed = await center.deliveredNotifications().filter { $0.request.trigger is UNPushNotificationTrigger }
/// ```
///
/// It never repeats. A request added with it is refused with
/// ``UNError/Code/invalidTrigger``: only a push makes one.
public final class UNPushNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    init() {
        super.init(repeats: false, scheduledFireDate: nil)
    }

    /// `<UNPushNotificationTrigger: 0x…; repeats: NO>`.
    public override var description: String {
        ObjectDescription.of(self, ["repeats": repeats])
    }

    override func engineTrigger() throws -> NotificationTrigger {
        .push
    }
}
