import NotificationModel

/// How the app's notifications appear while it is not in the foreground, with Apple's raw values.
public enum UNAlertStyle: Int, Sendable, Hashable {
    /// Not shown on screen; they still go to the notification center.
    case none = 0
    /// Shown briefly, then gone to the notification center.
    case banner = 1
    /// Shown until the user acts on them.
    case alert = 2

    init(_ style: AlertStyle) {
        switch style {
        case .none: self = .none
        case .banner: self = .banner
        case .alert: self = .alert
        }
    }
}
