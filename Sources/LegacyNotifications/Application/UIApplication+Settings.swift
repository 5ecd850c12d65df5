import NotificationModel
import Synchronization

extension UIApplication {
    /// Registers the app's notification types and categories, as on iOS 8: the
    /// categories replace those registered before and the call returns; the user
    /// is asked once whether the app may notify (later registrations get the
    /// stored answer), and the delegate's `application(_:didRegister:)` receives
    /// the resulting settings when the answer is known. Until then, scheduling
    /// waits for the answer, so a notification scheduled right after registering
    /// is not refused for want of it.
    ///
    /// A category the engine cannot hold (two with one identifier, one without
    /// an identifier, more than four actions in the default context or two in the
    /// minimal one, a minimal-context action that is not a default one) registers
    /// nothing; the ``NotificationError`` is logged and sent on
    /// ``notificationErrors``. ``throwing`` has the form that throws and waits
    /// for the user's answer.
    public func registerUserNotificationSettings(_ notificationSettings: UIUserNotificationSettings) {
        let registered: Void? = run("registerUserNotificationSettings") { [self] in
            try await registerCategories(of: notificationSettings)
        }
        guard registered != nil else { return }
        let answer = startAuthorization(notificationSettings.types.authorizationOptions)
        _ = BlockingCall.start { [self] in
            do {
                _ = try await answer.value
                let settings = try await readSettings()
                delegate?.application(self, didRegister: settings)
            } catch {
                report(error, "registerUserNotificationSettings")
            }
        }
    }

    /// The types the user allows the app (empty before it registers, or if the
    /// user refused) and its registered categories; `nil` when the service
    /// cannot be read (the failure is reported on ``notificationErrors``). Read
    /// right after ``registerUserNotificationSettings(_:)``, it waits for the
    /// user's answer, as scheduling does.
    public var currentUserNotificationSettings: UIUserNotificationSettings? {
        run("currentUserNotificationSettings") { [self] in try await answeredSettings() }
    }

    /// The number on the app's icon; `0` shows none. Setting a negative number
    /// changes nothing and reports ``NotificationError/Code/badgeInputInvalid``
    /// on ``notificationErrors``. Reads `0` when the service cannot be read.
    public var applicationIconBadgeNumber: Int {
        get { run("applicationIconBadgeNumber") { [self] in try await readBadge() } ?? 0 }
        set { run("applicationIconBadgeNumber") { [self] in try await setBadge(newValue) } }
    }

    // MARK: The work behind the calls

    func registerCategories(of settings: UIUserNotificationSettings) async throws {
        try await connected()
        let categories = try settings.engineCategories()
        try await service.setCategories(categories, for: appIdentifier)
        cache(categories)
    }

    /// Registers, waits for the user's answer, then tells the delegate.
    func register(_ settings: UIUserNotificationSettings) async throws {
        try await registerCategories(of: settings)
        _ = try await service.requestAuthorization(options: settings.types.authorizationOptions, for: appIdentifier)
        let current = try await readSettings()
        delegate?.application(self, didRegister: current)
    }

    /// The settings once the last registration's answer is known.
    func answeredSettings() async throws -> UIUserNotificationSettings {
        await authorizationAnswered()
        return try await readSettings()
    }

    func readSettings() async throws -> UIUserNotificationSettings {
        try await connected()
        let settings = try await service.notificationSettings(for: appIdentifier)
        let categories = try await service.categories(for: appIdentifier)
        return UIUserNotificationSettings(settings, categories: categories)
    }

    func readBadge() async throws -> Int {
        try await connected()
        return try await service.badgeCount(for: appIdentifier)
    }

    func setBadge(_ number: Int) async throws {
        try await connected()
        try await service.setBadgeCount(number, for: appIdentifier)
    }

    /// Asks the user for `options` without waiting for the answer, which
    /// scheduling and reading the settings wait for until it is known.
    func startAuthorization(_ options: AuthorizationOptions) -> Task<Bool, any Error> {
        let (generation, previous) = runtime.withLock { runtime in
            runtime.registrations += 1
            return (runtime.registrations, runtime.authorizing)
        }
        // On the calls' own threads: a synchronous call may wait for it. After the request
        // before it, if that one is not answered yet: the user is asked in the order the
        // app asked (registerUserNotificationSettings, then iOS 7's types, say).
        let answer = BlockingCall.start { [self] in
            _ = await previous?.result
            return try await service.requestAuthorization(options: options, for: appIdentifier)
        }
        runtime.withLock { $0.authorizing = answer }
        _ = BlockingCall.start { [self] in
            _ = await answer.result
            runtime.withLock { runtime in
                if runtime.registrations == generation { runtime.authorizing = nil }
            }
        }
        return answer
    }

    /// Waits for the user's answer to the last registration, if it is not known yet.
    func authorizationAnswered() async {
        _ = await runtime.withLock { $0.authorizing }?.result
    }
}
