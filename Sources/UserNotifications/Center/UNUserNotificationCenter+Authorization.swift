import NotificationModel

extension UNUserNotificationCenter {
    /// Asks the user once whether the app may post notifications, and returns
    /// whether it may. Later calls return the stored answer without asking again;
    /// the user changes it in the notification center's settings.
    ///
    /// Depending on the engine's policy the user answers in the notification
    /// center, or the deployment answers for everyone. The answer may be ignored,
    /// as with Apple's (Objective-C imports never warn about an unused result).
    @discardableResult
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        try await enqueue { [self] in
            try await service.requestAuthorization(options: options.engineOptions, for: app)
        }.value
    }

    /// Asks the user once whether the app may post notifications; the handler
    /// gets the answer, or `false` and the error.
    @preconcurrency
    public func requestAuthorization(
        options: UNAuthorizationOptions = [],
        completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        enqueue({ [self] in try await service.requestAuthorization(options: options.engineOptions, for: app) }) {
            switch $0 {
            case .success(let granted): completionHandler(granted, nil)
            case .failure(let error): completionHandler(false, error)
            }
        }
    }

    /// The app's notification settings as the user chose them.
    ///
    /// Apple's form has no error channel: a failure is reported on ``errors``
    /// and the settings are those of an app that has not asked yet;
    /// ``throwing`` has the form that throws.
    public func notificationSettings() async -> UNNotificationSettings {
        await fetch("notificationSettings", fallback: Self.undeterminedSettings, fetchSettings)
    }

    /// The app's notification settings as the user chose them. Apple's handler has
    /// no error: a failure is reported on ``errors`` and the handler gets the
    /// settings of an app that has not asked yet.
    @preconcurrency
    public func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        enqueue(fetchSettings) { [self] result in
            completionHandler(value(of: result, "getNotificationSettings", fallback: Self.undeterminedSettings))
        }
    }

    private static var undeterminedSettings: UNNotificationSettings {
        UNNotificationSettings(AppNotificationPreferences().settings)
    }

    func fetchSettings() async throws -> UNNotificationSettings {
        UNNotificationSettings(try await service.notificationSettings(for: app))
    }
}
