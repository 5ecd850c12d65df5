import NotificationModel

/// Where a notification's actions are shown.
public enum UIUserNotificationActionContext: UInt, Sendable, Hashable {
    /// An alert: up to four actions.
    case `default` = 0
    /// A banner or the lock screen: up to two actions.
    case minimal = 1

    /// The most actions this context shows.
    public var maximumActionCount: Int {
        switch self {
        case .default: NotificationRules.legacyAlertActionCount
        case .minimal: NotificationRules.bannerActionCount
        }
    }
}
