public import Foundation
import NotificationModel

/// A button a notification offers, registered through a ``UNNotificationCategory``.
///
/// ```swift
/// let cancel = UNNotificationAction(identifier: "cancel", title: "Cancel", options: [.foreground])
/// ```
///
/// The user's choice reaches the delegate's `userNotificationCenter(_:didReceive:)`
/// as a ``UNNotificationResponse`` whose `actionIdentifier` is the action's identifier.
///
/// An immutable `NSObject`, as Apple's: `copy()` returns the action itself; two
/// actions are equal (`isEqual(_:)`, `==`) when they have the same identifier,
/// title, options, icon and text field.
public class UNNotificationAction: NSObject, NSCopying, @unchecked Sendable {
    // Immutable: every stored property is a `let` of a Sendable type.

    /// The identifier the response carries.
    public let identifier: String
    /// The button's title.
    public let title: String
    /// How the action runs.
    public let options: UNNotificationActionOptions
    /// The image beside the title, or `nil` for none.
    public let icon: UNNotificationActionIcon?

    /// An action with an identifier, a title and options.
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(identifier: identifier, title: title, options: options, icon: nil)
    }

    /// An action with an identifier, a title, options and an image beside the title.
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?
    ) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.icon = icon
        super.init()
    }

    /// The text field of a text-input action; `nil` for a button.
    var textInput: NotificationAction.TextInput? { nil }

    var engineAction: NotificationAction {
        NotificationAction(
            identifier: identifier, title: title, options: options.engineOptions, textInput: textInput,
            icon: icon?.icon)
    }

    /// The facade's form of an engine action: a ``UNTextInputNotificationAction`` when it asks for text.
    static func make(_ action: NotificationAction) -> UNNotificationAction {
        let options = UNNotificationActionOptions(action.options)
        let icon = action.icon.map(UNNotificationActionIcon.init)
        guard let input = action.textInput else {
            return UNNotificationAction(identifier: action.identifier, title: action.title, options: options, icon: icon)
        }
        return UNTextInputNotificationAction(
            identifier: action.identifier, title: action.title, options: options, icon: icon,
            textInputButtonTitle: input.buttonTitle, textInputPlaceholder: input.placeholder)
    }

    /// The action itself: it never changes.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Whether `object` is an action with the same identifier, title, options, icon and text field.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationAction)?.engineAction == engineAction
    }

    /// A hash of the properties `isEqual(_:)` compares.
    public override var hash: Int { engineAction.hashValue }

    /// `<UNNotificationAction: 0x…; identifier: …, title: …, options: …>`.
    public override var description: String {
        ObjectDescription.of(self, [
            "identifier": identifier, "title": title, "options": options.rawValue, "icon": icon,
        ])
    }
}
