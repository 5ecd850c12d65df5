public import Foundation

/// The user's answer to a delivered notification.
///
/// A presenter reports the answer to the engine, which checks it against the
/// delivery's category and hands it to the app: to its connected
/// ``NotificationAppHandler`` and on ``NotificationService/responses(for:)``. A
/// dismissal reaches the app only for a category with
/// ``NotificationCategory/Options/customDismissAction``.
///
/// ```swift
/// switch response.kind {
/// case .default: openTask(response.delivery.request.identifier)
/// case .action where response.actionIdentifier == "cancel": stopNagging()
/// case .text: send(response.userText ?? "")
/// case .dismiss, .action: break
/// }
/// ```
public struct NotificationResponse: Codable, Sendable, Hashable {
    /// What the user did.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// Tapped the notification itself.
        case `default`
        /// Dismissed it (reported for categories with a custom dismiss action).
        case dismiss
        /// Chose one of the category's actions.
        case action
        /// Typed text into a text-input action.
        case text
    }

    /// The delivery the user answered.
    public var delivery: Delivery
    /// What the user chose: ``NotificationAction/defaultIdentifier`` for a tap,
    /// ``NotificationAction/dismissIdentifier`` for a dismissal, otherwise the
    /// ``NotificationAction/identifier`` of one of the category's actions.
    public var actionIdentifier: String
    /// The text typed into a text-input action; `nil` for any other response.
    public var userText: String?
    /// When the user answered, by the engine's clock.
    public var date: Date

    /// A response; the engine makes these when a presenter reports an answer.
    ///
    /// - Parameters:
    ///   - delivery: The delivery the user answered.
    ///   - actionIdentifier: What the user chose.
    ///   - userText: The text of a text-input action, or `nil`.
    ///   - date: When the user answered.
    public init(delivery: Delivery, actionIdentifier: String, userText: String?, date: Date) {
        self.delivery = delivery
        self.actionIdentifier = actionIdentifier
        self.userText = userText
        self.date = date
    }

    /// What the user did, read from ``actionIdentifier`` and ``userText``.
    public var kind: Kind {
        switch actionIdentifier {
        case NotificationAction.defaultIdentifier: .default
        case NotificationAction.dismissIdentifier: .dismiss
        default: userText == nil ? .action : .text
        }
    }
}

/// How a notification that arrives while its app is in the foreground is shown,
/// as the app's delegate decides.
///
/// The app's ``NotificationAppHandler/willPresent(_:completionHandler:)`` answers
/// with these. No options (`[]`) means the notification is neither shown nor kept
/// in the notification center.
///
/// ```swift
/// func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void) {
///     completionHandler([.banner, .list, .sound])
/// }
/// ```
public struct PresentationOptions: OptionSet, Codable, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Accepted for Apple's API; the badge is set when the request fires,
    /// whatever the options.
    public static let badge = PresentationOptions(rawValue: 1 << 0)
    /// Plays the notification's sound, if the app may play sounds.
    public static let sound = PresentationOptions(rawValue: 1 << 1)
    /// Shown on screen in the app's alert style (``AlertStyle``) and kept in the
    /// notification center.
    public static let alert = PresentationOptions(rawValue: 1 << 2)
    /// Kept in the notification center; alone, it is presented with the style
    /// ``AlertStyle/none``, not on screen.
    public static let list = PresentationOptions(rawValue: 1 << 3)
    /// Shown on screen in the app's alert style; kept in the notification center
    /// only with ``list`` too.
    public static let banner = PresentationOptions(rawValue: 1 << 4)

    /// Whether the notification is shown on screen.
    public var showsOnScreen: Bool { contains(.alert) || contains(.banner) }

    /// Whether the notification stays in the notification center.
    public var keepsInList: Bool { contains(.alert) || contains(.list) }
}
