/// A button a notification offers, or a text field with a send button.
public struct NotificationAction: Codable, Sendable, Hashable {
    /// How an action runs.
    public struct Options: OptionSet, Codable, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The action needs an authenticated (unlocked) user.
        public static let authenticationRequired = Options(rawValue: 1 << 0)
        /// The action destroys data and is shown as such.
        public static let destructive = Options(rawValue: 1 << 1)
        /// The action opens the app; without it the app handles it in the background.
        public static let foreground = Options(rawValue: 1 << 2)
    }

    /// The text field of a text-input action.
    public struct TextInput: Codable, Sendable, Hashable {
        public var buttonTitle: String
        public var placeholder: String

        public init(buttonTitle: String, placeholder: String) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }

    public var identifier: String
    public var title: String
    public var options: Options
    /// Set for an action that asks the user for text.
    public var textInput: TextInput?

    public init(identifier: String, title: String, options: Options = [], textInput: TextInput? = nil) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.textInput = textInput
    }

    /// The action identifier of a response to a tap on the notification itself.
    public static let defaultIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"

    /// The action identifier of a response to a dismissal, sent only for a
    /// category with the ``NotificationCategory/Options/customDismissAction`` option.
    public static let dismissIdentifier = "com.apple.UNNotificationDismissActionIdentifier"
}
