/// How an action runs the app.
public enum UIUserNotificationActivationMode: UInt, Sendable, Hashable {
    /// Opens the app. On iOS 8 such an action always requires an unlocked device.
    case foreground = 0
    /// Runs the app's handler without opening it; an app in the foreground stays there.
    case background = 1
}
