import NotificationModel

/// How urgently a notification asks for attention (iOS 15).
public enum UNNotificationInterruptionLevel: UInt, Sendable, Hashable {
    /// Added to the notification center without a banner or a sound.
    case passive = 0
    /// Shown and heard as the user's settings say; the default.
    case active = 1
    /// Shown at once, even during a Focus.
    case timeSensitive = 2
    /// Shown and heard even when sounds are off.
    case critical = 3

    init(_ level: NotificationContent.InterruptionLevel) {
        switch level {
        case .passive: self = .passive
        case .active: self = .active
        case .timeSensitive: self = .timeSensitive
        case .critical: self = .critical
        }
    }

    var engineLevel: NotificationContent.InterruptionLevel {
        switch self {
        case .passive: .passive
        case .active: .active
        case .timeSensitive: .timeSensitive
        case .critical: .critical
        }
    }
}
