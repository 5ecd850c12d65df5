// Apple-style code, written from Apple's documentation and the usual app
// patterns, compiled unchanged against Herald in Swift 5 mode. The imports are
// an iOS file's: `import UserNotifications` brings Foundation, as Apple's does.
import UserNotifications

/// The usual test seam: the center's calls an app uses, spelled exactly as
/// Apple declares them, so that the real center conforms with an empty
/// extension and a fake can stand in for it in tests.
protocol NotificationCentering: AnyObject {
    var delegate: UNUserNotificationCenterDelegate? { get set }
    func requestAuthorization(options: UNAuthorizationOptions, completionHandler: @escaping @Sendable (Bool, Error?) -> Void)
    func requestAuthorization(options: UNAuthorizationOptions) async throws -> Bool
    func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void)
    func notificationSettings() async -> UNNotificationSettings
    func setNotificationCategories(_ categories: Set<UNNotificationCategory>)
    func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void)
    func notificationCategories() async -> Set<UNNotificationCategory>
    func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable (Error?) -> Void)?)
    func add(_ request: UNNotificationRequest) async throws
    func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void)
    func pendingNotificationRequests() async -> [UNNotificationRequest]
    func removePendingNotificationRequests(withIdentifiers identifiers: [String])
    func removeAllPendingNotificationRequests()
    func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void)
    func deliveredNotifications() async -> [UNNotification]
    func removeDeliveredNotifications(withIdentifiers identifiers: [String])
    func removeAllDeliveredNotifications()
    func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable (Error?) -> Void)?)
    func setBadgeCount(_ newBadgeCount: Int) async throws
}

extension UNUserNotificationCenter: NotificationCentering {}

/// A fake for tests of code that takes a `NotificationCentering`: it records
/// what is added and removed.
final class FakeNotificationCenter: NotificationCentering {
    weak var delegate: UNUserNotificationCenterDelegate?
    private(set) var added: [UNNotificationRequest] = []
    private(set) var removed: [String] = []

    func requestAuthorization(options: UNAuthorizationOptions, completionHandler: @escaping @Sendable (Bool, Error?) -> Void) {
        completionHandler(true, nil)
    }
    func requestAuthorization(options: UNAuthorizationOptions) async throws -> Bool { true }
    func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {}
    func notificationSettings() async -> UNNotificationSettings { fatalError("not used by these tests") }
    func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {}
    func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) {
        completionHandler([])
    }
    func notificationCategories() async -> Set<UNNotificationCategory> { [] }
    func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable (Error?) -> Void)?) {
        added.append(request)
        completionHandler?(nil)
    }
    func add(_ request: UNNotificationRequest) async throws { added.append(request) }
    func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void) {
        completionHandler(added)
    }
    func pendingNotificationRequests() async -> [UNNotificationRequest] { added }
    func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        removed += identifiers
        added.removeAll { identifiers.contains($0.identifier) }
    }
    func removeAllPendingNotificationRequests() { added.removeAll() }
    func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) { completionHandler([]) }
    func deliveredNotifications() async -> [UNNotification] { [] }
    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {}
    func removeAllDeliveredNotifications() {}
    func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable (Error?) -> Void)?) {
        completionHandler?(nil)
    }
    func setBadgeCount(_ newBadgeCount: Int) async throws {}
}
