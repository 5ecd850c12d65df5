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
    }

    /// Launches the app as `UIApplicationMain` does on iOS: sets `delegate`,
    /// connects to the service and calls the delegate's
    /// `application(_:didFinishLaunchingWithOptions:)`, whose answer it returns.
    /// A Herald addition: on Linux the program starts itself, and calls this
    /// once, where an iOS app's `main` would be.
    ///
    /// If the user tapped one of the app's notifications while it was not
    /// running, the launch options hold it under ``LaunchOptionsKey/localNotification``
    /// and, as on iOS 8, the delegate's `application(_:didReceive:)` is not
    /// called for it; the app is inactive during the call and active after it.
    /// Other answers given meanwhile reach the delegate's usual methods.
    @discardableResult
    public func launch(with delegate: any UIApplicationDelegate) -> Bool {
        runtime.withLock { $0.launch = Launch() }
        self.delegate = delegate
        run("launch") { [self] in try await connected() }
        let notification = runtime.withLock { runtime in
            defer { runtime.launch = nil }
            return runtime.launch?.notification
        }
        guard let notification else {
            return delegate.application(self, didFinishLaunchingWithOptions: nil)
        }
        var answer = true
        opening { answer = delegate.application(self, didFinishLaunchingWithOptions: [.localNotification: notification]) }
        return answer
    }

    /// While the app launches: the notification whose tap launched it.
    struct Launch {
        var notification: UILocalNotification?
    }

    /// Keeps a tap that arrives while the app launches for the launch options;
    /// returns whether it did.
    func keepForLaunch(_ notification: UILocalNotification) -> Bool {
        runtime.withLock { runtime in
            guard runtime.launch != nil, runtime.launch?.notification == nil else { return false }
            runtime.launch?.notification = notification
            return true
        }
    }
}
