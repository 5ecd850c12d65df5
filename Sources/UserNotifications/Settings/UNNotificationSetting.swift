import NotificationModel

/// Whether one notification feature is on for the app, with Apple's raw values.
public enum UNNotificationSetting: Int, Sendable, Hashable {
    /// The feature does not apply (the app is not authorized yet).
    case notSupported = 0
    /// The user turned it off, or the app did not ask for it.
    case disabled = 1
    /// The feature is on.
    case enabled = 2

    init(_ setting: NotificationSetting) {
        switch setting {
        case .notSupported: self = .notSupported
        case .disabled: self = .disabled
        case .enabled: self = .enabled
        }
    }
}
