// A notification scheduler as iOS apps write it today, compiled unchanged: the
// app's own protocol seam, whose completion handlers are declared without
// `@Sendable` and forwarded to the center; closures that capture the
// scheduler; `requestAuthorization`'s answer ignored; requests, contents and
// regions logged through `description`; a notification-service-style edit
// through `mutableCopy()`; a reschedule skipped when `isEqual(_:)` says nothing
// changed. It imports only UserNotifications, as on iOS. Built here in Swift 5
// mode (warnings are errors), and type-checked in Swift 6 mode by
// `SwiftSixModeTests`, where Apple's SDK, too, only warns about the handlers.
import UserNotifications

protocol NotificationScheduling: AnyObject {
    func requestPermission() async -> Bool
    func pendingRequests(completion: @escaping ([UNNotificationRequest]) -> Void)
    func deliveredCount(completion: @escaping (Int) -> Void)
    func schedule(_ request: UNNotificationRequest, completion: ((Error?) -> Void)?)
}

final class NotificationScheduler: NotificationScheduling {
    private let center: UNUserNotificationCenter
    private(set) var log: [String] = []
    private(set) var badge = 0

    init(center: UNUserNotificationCenter) {
        self.center = center
    }

    func requestPermission() async -> Bool {
        do {
            try await center.requestAuthorization(options: [.alert, .sound, .badge])
            return await center.notificationSettings().authorizationStatus == .authorized
        } catch {
            log.append("authorization failed: \(error)")
            return false
        }
    }

    func pendingRequests(completion: @escaping ([UNNotificationRequest]) -> Void) {
        center.getPendingNotificationRequests(completionHandler: completion)
    }

    func deliveredCount(completion: @escaping (Int) -> Void) {
        center.getDeliveredNotifications { notifications in
            self.badge = notifications.count
            completion(notifications.count)
        }
    }

    func schedule(_ request: UNNotificationRequest, completion: ((Error?) -> Void)?) {
        log.append("scheduling \(request.description)")
        center.add(request, withCompletionHandler: completion)
    }

    /// Adds `request` unless an equal one is already pending; the handler gets
    /// whether it was added.
    func reschedule(_ request: UNNotificationRequest, completion: @escaping (Bool) -> Void) {
        center.getPendingNotificationRequests { pending in
            if let existing = pending.first(where: { $0.identifier == request.identifier }),
                existing.content.isEqual(request.content), existing.trigger == request.trigger
            {
                completion(false)
                return
            }
            self.schedule(request) { error in completion(error == nil) }
        }
    }

    /// A reminder when the user reaches `region`.
    func remind(at region: CLCircularRegion, title: String) -> UNNotificationRequest {
        log.append("watching \(region.debugDescription)")
        let content = UNMutableNotificationContent()
        content.title = title
        content.userInfo = ["region": region.identifier]
        let trigger = UNLocationNotificationTrigger(region: region, repeats: false)
        return UNNotificationRequest(identifier: region.identifier, content: content, trigger: trigger)
    }

    /// What a notification service extension does with the content it is handed.
    static func decorated(_ content: UNNotificationContent) -> UNNotificationContent {
        guard let best = content.mutableCopy() as? UNMutableNotificationContent else { return content }
        best.title = "[Reminder] \(best.title)"
        return best
    }
}
