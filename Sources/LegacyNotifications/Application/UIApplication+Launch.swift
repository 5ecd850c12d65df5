import NotificationModel
import Synchronization

extension UIApplication {
    /// A key of the options `application(_:didFinishLaunchingWithOptions:)` receives.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String

        /// The key with this name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The `UILocalNotification` the user tapped to launch the app.
        public static let localNotification = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocalNotificationKey")

        /// The payload (`[AnyHashable: Any]`, `aps` included) of the remote
        /// notification the user tapped to launch the app. Deprecated as in
        /// Apple's iOS 26 SDK, which moves launches to scenes.
        @available(
            *, deprecated,
            message:
                "Continue using UIApplicationDelegate's application(_:didReceiveRemoteNotification:fetchCompletionHandler:) to process silent remote notifications after scene connection."
        )
        public static let remoteNotification = remoteNotificationKey

        /// ``remoteNotification``, for Herald's own use without its deprecation.
        static let remoteNotificationKey = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
    }

    /// Launches the app as `UIApplicationMain` does on iOS: sets `delegate`,
    /// connects to the service and calls the delegate's
    /// `application(_:willFinishLaunchingWithOptions:)` then
    /// `application(_:didFinishLaunchingWithOptions:)`; `false` if either answers `false`.
    /// A Herald addition: on Linux the program starts itself, and calls this
    /// once, where an iOS app's `main` would be.
    ///
    /// If the user tapped one of the app's notifications while it was not
    /// running, the launch options hold it under ``LaunchOptionsKey/localNotification``
    /// (a push's payload under ``LaunchOptionsKey/remoteNotification``) and, as on
    /// iOS 8, the delegate's `application(_:didReceive:)` (or its
    /// remote-notification method) is not called for it; the app is inactive
    /// during the call and active after it.
    /// Other answers given meanwhile reach the delegate's usual methods.
    @discardableResult
    public func launch(with delegate: any UIApplicationDelegate) -> Bool {
        runtime.withLock { $0.launch = Launch() }
        self.delegate = delegate
        run("launch") { [self] in try await connected() }
        let launch = runtime.withLock { runtime in
            defer { runtime.launch = nil }
            return runtime.launch
        }
        guard let options = launch?.options else { return finishLaunching(delegate, options: nil) }
        var answer = true
        opening { answer = finishLaunching(delegate, options: options) }
        return answer
    }

    /// Calls `willFinishLaunchingWithOptions`, then `didFinishLaunchingWithOptions`;
    /// `false` if either is.
    private func finishLaunching(
        _ delegate: any UIApplicationDelegate, options: [LaunchOptionsKey: Any]?
    ) -> Bool {
        let will = delegate.application(self, willFinishLaunchingWithOptions: options)
        let did = delegate.application(self, didFinishLaunchingWithOptions: options)
        return will && did
    }

    /// While the app launches: the notification or push whose tap launched it.
    struct Launch {
        var notification: UILocalNotification?
        var remoteNotification: [String: JSONValue]?

        var isEmpty: Bool { notification == nil && remoteNotification == nil }

        /// The launch options that say what launched the app; `nil` for a plain launch.
        var options: [LaunchOptionsKey: Any]? {
            if let notification { return [.localNotification: notification] }
            if let remoteNotification {
                return [.remoteNotificationKey: UserInfoCoding.userInfo(from: remoteNotification)]
            }
            return nil
        }
    }

    /// Keeps a tap that arrives while the app launches for the launch options;
    /// returns whether it did.
    func keepForLaunch(_ notification: UILocalNotification) -> Bool {
        keepForLaunch { $0.notification = notification }
    }

    /// Keeps the tap on a push that arrives while the app launches; returns whether it did.
    func keepForLaunch(remote payload: [String: JSONValue]) -> Bool {
        keepForLaunch { $0.remoteNotification = payload }
    }

    private func keepForLaunch(_ keep: (inout Launch) -> Void) -> Bool {
        runtime.withLock { runtime in
            guard var launch = runtime.launch, launch.isEmpty else { return false }
            keep(&launch)
            runtime.launch = launch
            return true
        }
    }
}
