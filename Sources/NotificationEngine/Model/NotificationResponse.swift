public import Foundation

/// The user's answer to a delivered notification.
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

    public var delivery: Delivery
    public var actionIdentifier: String
    /// The text typed into a text-input action.
    public var userText: String?
    public var date: Date

    public init(delivery: Delivery, actionIdentifier: String, userText: String?, date: Date) {
        self.delivery = delivery
        self.actionIdentifier = actionIdentifier
        self.userText = userText
        self.date = date
    }

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
public struct PresentationOptions: OptionSet, Codable, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let badge = PresentationOptions(rawValue: 1 << 0)
    public static let sound = PresentationOptions(rawValue: 1 << 1)
    /// Shown as a banner or alert and kept in the notification center.
    public static let alert = PresentationOptions(rawValue: 1 << 2)
    /// Kept in the notification center.
    public static let list = PresentationOptions(rawValue: 1 << 3)
    /// Shown as a banner.
    public static let banner = PresentationOptions(rawValue: 1 << 4)

    /// Whether the notification is shown on screen.
    public var showsOnScreen: Bool { contains(.alert) || contains(.banner) }

    /// Whether the notification stays in the notification center.
    public var keepsInList: Bool { contains(.alert) || contains(.list) }
}
