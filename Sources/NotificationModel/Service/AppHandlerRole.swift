/// Which face of the app a ``NotificationAppHandler`` is, as an iOS app has two:
/// `UNUserNotificationCenter`'s delegate, which presents and answers
/// notifications, and `UIApplication`'s delegate, which receives background
/// pushes (and, in an iOS 8 app, notifications too). The engine keeps one
/// connected handler of each role per app, so an app may use both
/// (``NotificationService/connect(_:for:)``).
public enum AppHandlerRole: Sendable, Hashable {
    /// The app's notification handler (`UNUserNotificationCenter`'s): it decides
    /// `willPresent`, receives the responses and opens the app's settings; it
    /// receives background pushes only while no application handler is connected.
    case notifications
    /// The app's application handler (`UIApplication`'s): it receives background
    /// pushes; notifications (`willPresent`, responses, settings) only while no
    /// notification handler is connected, as an iOS 8 app's delegate does.
    case application
}
