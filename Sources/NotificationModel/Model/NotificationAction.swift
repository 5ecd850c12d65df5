/// A button a notification offers, or a text field with a send button.
///
/// Actions belong to a ``NotificationCategory``. When the user picks one, the
/// presenter reports it with the action's ``identifier`` and the app receives a
/// ``NotificationResponse`` with that identifier.
///
/// ```swift
/// let cancel = NotificationAction(identifier: "cancel", title: "Cancel", options: .foreground)
/// let reply = NotificationAction(
///     identifier: "reply", title: "Reply",
///     textInput: .init(buttonTitle: "Send", placeholder: "Message"))
/// ```
public struct NotificationAction: Codable, Sendable, Hashable {
    /// How an action runs.
    public struct Options: OptionSet, Codable, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The action needs an authenticated (unlocked) user: a response to it
        /// without `authenticated` is refused with
        /// ``NotificationError/Code/authenticationRequired``.
        public static let authenticationRequired = Options(rawValue: 1 << 0)
        /// The action destroys data and is shown as such; it runs like any other.
        public static let destructive = Options(rawValue: 1 << 1)
        /// The action opens the app (the engine counts it as in the foreground
        /// from then on); without it the app handles it in the background.
        public static let foreground = Options(rawValue: 1 << 2)
    }

    /// The text field of a text-input action.
    ///
    /// A response to a text-input action carries the user's text in
    /// ``NotificationResponse/userText``; one without text is refused.
    public struct TextInput: Codable, Sendable, Hashable {
        /// The title of the button that sends the text, at most
        /// ``NotificationLimits/maximumActionTitleLength`` characters.
        public var buttonTitle: String
        /// The hint shown in the empty text field, at most
        /// ``NotificationLimits/maximumActionTitleLength`` characters.
        public var placeholder: String

        /// A text field with a send button titled `buttonTitle` and the hint `placeholder`.
        public init(buttonTitle: String, placeholder: String) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }

    /// The action's name, which responses carry: 1 to
    /// ``NotificationLimits/maximumIdentifierLength`` characters, unique within its
    /// category, and neither ``defaultIdentifier`` nor ``dismissIdentifier``.
    /// Compared by canonical equivalence and kept in NFC, as
    /// ``NotificationRequest/identifier`` is.
    public var identifier: String
    /// The button's title, at most ``NotificationLimits/maximumActionTitleLength``
    /// characters.
    public var title: String
    /// How the action runs; empty (the default) for a background action.
    public var options: Options
    /// Set for an action that asks the user for text; `nil` (the default) for a plain button.
    public var textInput: TextInput?
    /// The image shown beside the action's title (iOS 15); `nil` (the default) for none.
    public var icon: Icon?

    /// An action's image: one of the app's images, or a system symbol.
    public struct Icon: Codable, Sendable, Hashable {
        /// Where the image comes from.
        public enum Source: String, Codable, Sendable, Hashable {
            /// An image of the app's, drawn as a template.
            case template
            /// A system symbol, such as `"trash"`.
            case system
        }

        /// Where the image comes from.
        public var source: Source
        /// The image's name, 1 to ``NotificationLimits/maximumIdentifierLength`` characters.
        public var name: String

        /// An image of `source` named `name`.
        public init(source: Source, name: String) {
            self.source = source
            self.name = name
        }
    }

    /// An action.
    ///
    /// - Parameters:
    ///   - identifier: The action's name, which responses carry.
    ///   - title: The button's title.
    ///   - options: How the action runs; by default in the background, without
    ///     authentication.
    ///   - textInput: A text field to show, or `nil` for a plain button.
    ///   - icon: The image beside the title, or `nil` for none.
    public init(
        identifier: String, title: String, options: Options = [], textInput: TextInput? = nil, icon: Icon? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.textInput = textInput
        self.icon = icon
    }

    /// The action identifier of a response to a tap on the notification itself.
    public static let defaultIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"

    /// The action identifier of a response to a dismissal, sent only for a
    /// category with the ``NotificationCategory/Options/customDismissAction`` option.
    public static let dismissIdentifier = "com.apple.UNNotificationDismissActionIdentifier"
}
