/// A kind of notification and the actions it offers, registered by an app and
/// named by ``NotificationContent/categoryIdentifier``.
public struct NotificationCategory: Codable, Sendable, Hashable {
    /// How notifications of a category behave.
    public struct Options: OptionSet, Codable, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Dismissing a notification is reported to the app as a response with
        /// ``NotificationAction/dismissIdentifier``.
        public static let customDismissAction = Options(rawValue: 1 << 0)
    }

    public var identifier: String
    /// Every action, in order: an alert shows them all.
    public var actions: [NotificationAction]
    /// The actions a banner shows; `nil` means the first two of ``actions``.
    public var minimalActions: [NotificationAction]?
    public var options: Options

    public init(
        identifier: String,
        actions: [NotificationAction],
        minimalActions: [NotificationAction]? = nil,
        options: Options = []
    ) {
        self.identifier = identifier
        self.actions = actions
        self.minimalActions = minimalActions
        self.options = options
    }

    /// The actions a banner shows: ``minimalActions`` or the first two actions.
    public var bannerActions: [NotificationAction] {
        minimalActions ?? Array(actions.prefix(2))
    }

    /// The action with this identifier, among ``actions`` and ``minimalActions``.
    public func action(withIdentifier identifier: String) -> NotificationAction? {
        actions.first { $0.identifier == identifier }
            ?? minimalActions?.first { $0.identifier == identifier }
    }
}
