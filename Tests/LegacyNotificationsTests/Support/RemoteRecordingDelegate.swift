import Foundation
import LegacyNotifications
import Synchronization

/// An application delegate with iOS 3–9's remote-notification methods only (no
/// `fetchCompletionHandler` form), recording each call and the app's state.
final class RemoteRecordingDelegate: NSObject, UIApplicationDelegate, Sendable {
    /// `@unchecked Sendable`: the dictionaries hold only property-list values, read after the call.
    struct Call: @unchecked Sendable {
        var method: String
        var identifier: String?
        var userInfo: [AnyHashable: Any]
        var responseInfo: [AnyHashable: Any] = [:]
        var state: UIApplication.State
    }

    private struct Record {
        var calls: [Call] = []
        var willLaunchOptions: UnsafeOptions?
        var launchOptions: UnsafeOptions?
        var localReceived = 0
        var becameActive = 0
        var registeredSettings = 0
        var token: Data?
    }

    private let record = Mutex(Record())

    var calls: [Call] { record.withLock { $0.calls } }
    var localReceived: Int { record.withLock { $0.localReceived } }
    var becameActive: Int { record.withLock { $0.becameActive } }
    var token: Data? { record.withLock { $0.token } }
    var registeredSettings: Int { record.withLock { $0.registeredSettings } }
    /// The launch options, `@unchecked` as Apple's dictionary of `Any` is.
    var launchOptions: [UIApplication.LaunchOptionsKey: Any]? { record.withLock { $0.launchOptions }?.value }
    /// The options `willFinishLaunchingWithOptions` got.
    var willLaunchOptions: [UIApplication.LaunchOptionsKey: Any]? { record.withLock { $0.willLaunchOptions }?.value }

    func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let options = UnsafeOptions(value: launchOptions)
        record.withLock { $0.willLaunchOptions = options }
        return true
    }

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let options = UnsafeOptions(value: launchOptions)
        record.withLock { $0.launchOptions = options }
        return true
    }

    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) {
        append(Call(method: "didReceiveRemoteNotification", userInfo: userInfo, state: application.applicationState))
    }

    func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any], withResponseInfo responseInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable () -> Void
    ) {
        append(
            Call(
                method: "handleAction", identifier: identifier, userInfo: userInfo, responseInfo: responseInfo,
                state: application.applicationState))
        completionHandler()
    }

    func application(_ application: UIApplication, didReceive notification: UILocalNotification) {
        record.withLock { $0.localReceived += 1 }
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        record.withLock { $0.token = deviceToken }
    }

    func application(_ application: UIApplication, didRegister notificationSettings: UIUserNotificationSettings) {
        record.withLock { $0.registeredSettings += 1 }
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        record.withLock { $0.becameActive += 1 }
    }

    func append(_ call: Call) {
        record.withLock { $0.calls.append(call) }
    }

    private struct UnsafeOptions: @unchecked Sendable {
        var value: [UIApplication.LaunchOptionsKey: Any]?
    }
}

/// Waits, with a generous deadline, until `condition` holds on the main actor,
/// where UIKit's remote-notification calls are made.
func untilOnMain(_ what: String, _ condition: @escaping @MainActor @Sendable () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(300)
    while !(await MainActor.run(body: condition)) {
        guard ContinuousClock.now < deadline else { throw FixtureError("timed out waiting until \(what)") }
        try await Task.sleep(for: .milliseconds(5))
    }
}
