import Foundation
import Logging
import NotificationModel

extension UIApplication {
    /// Registers the app with the push service, as on iOS: the call returns at
    /// once; on the main actor the delegate's
    /// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)` then
    /// receives the app's device token (32 bytes, the same until the app
    /// unregisters), or `application(_:didFailToRegisterForRemoteNotificationsWithError:)`
    /// the failure: a ``NotificationError`` with
    /// ``NotificationError/Code/remoteNotificationsUnavailable`` when there is no
    /// push service. The program must run its main queue (an `async` main,
    /// `dispatchMain()` or a run loop), as UIKit's main run loop does.
    ///
    /// ```swift
    /// func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
    ///     let token = deviceToken.map { String(format: "%02x", $0) }.joined()
    ///     server.send(token)
    /// }
    /// ```
    ///
    /// A push with `content-available` then reaches the running app's delegate
    /// in `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    public func registerForRemoteNotifications() {
        _ = BlockingCall.start { [self] in await registerRemote() }
    }

    /// Forgets the app's device token: the push service refuses pushes to it
    /// from now on. A failure is reported on ``notificationErrors``.
    public func unregisterForRemoteNotifications() {
        run("unregisterForRemoteNotifications") { [self] in
            try await service.unregisterForRemoteNotifications(for: appIdentifier)
        }
    }

    /// Whether the app holds a device token: `false` before it registers, after
    /// it unregisters, and when the service cannot be asked (the failure is
    /// reported on ``notificationErrors``).
    public var isRegisteredForRemoteNotifications: Bool {
        run("isRegisteredForRemoteNotifications") { [self] in
            try await service.isRegisteredForRemoteNotifications(for: appIdentifier)
        } ?? false
    }

    // MARK: The work behind the calls

    /// Registers, tells the delegate on the main actor, and returns the outcome.
    func registerRemote() async -> Result<Data, any Error> {
        let result: Result<Data, any Error>
        do {
            result = .success(try await service.registerForRemoteNotifications(for: appIdentifier))
        } catch {
            logger.error("registerForRemoteNotifications failed: \(error)")
            result = .failure(NotificationError(reporting: error))
        }
        await tellDelegate(result)
        return result
    }

    /// A background push for the app: the delegate fetches, on the main actor.
    @MainActor
    func receiveRemote(
        _ userInfo: [String: JSONValue], completionHandler: @escaping @Sendable (UIBackgroundFetchResult) -> Void
    ) {
        guard let delegate else { return completionHandler(.noData) }
        delegate.application(
            self, didReceiveRemoteNotification: UserInfoCoding.userInfo(from: userInfo),
            fetchCompletionHandler: completionHandler)
    }

    @MainActor
    private func tellDelegate(_ result: Result<Data, any Error>) {
        guard let delegate else { return }
        switch result {
        case .success(let token):
            delegate.application(self, didRegisterForRemoteNotificationsWithDeviceToken: token)
        case .failure(let error):
            delegate.application(self, didFailToRegisterForRemoteNotificationsWithError: error)
        }
    }
}
