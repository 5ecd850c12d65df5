// The iOS 8 seam: UIApplication's notification calls spelled exactly as UIKit
// declares them, so UIApplication conforms with an empty extension.
import LegacyNotifications

protocol LocalNotificationScheduling: AnyObject {
    func scheduleLocalNotification(_ notification: UILocalNotification)
    func presentLocalNotificationNow(_ notification: UILocalNotification)
    func cancelLocalNotification(_ notification: UILocalNotification)
    func cancelAllLocalNotifications()
    var scheduledLocalNotifications: [UILocalNotification]? { get set }
    func registerUserNotificationSettings(_ notificationSettings: UIUserNotificationSettings)
    var currentUserNotificationSettings: UIUserNotificationSettings? { get }
    var applicationIconBadgeNumber: Int { get set }
    func registerForRemoteNotifications()
    func unregisterForRemoteNotifications()
    var isRegisteredForRemoteNotifications: Bool { get }
}

extension UIApplication: LocalNotificationScheduling {}
