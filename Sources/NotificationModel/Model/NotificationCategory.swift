/// A kind of notification and the actions it offers, registered by an app and
/// named by ``NotificationContent/categoryIdentifier``.
///
/// An app registers all its categories at once with
/// ``NotificationService/setCategories(_:for:)``; a request may only name a
/// registered category. An alert shows every action, a banner only
/// ``bannerActions``.
///
/// ```swift
/// let justInform = NotificationAction(identifier: "justInform", title: "OK, got it")
/// let editList = NotificationAction(
///     identifier: "editList", title: "Edit list", options: [.foreground, .authenticationRequired])
/// let trash = NotificationAction(
///     identifier: "trashAction", title: "Delete list", options: [.destructive, .authenticationRequired])
/// let category = NotificationCategory(
///     identifier: "shoppingListReminderCategory",
///     actions: [justInform, editList, trash],
///     minimalActions: [trash, editList])
/// try await engine.setCategories([category], for: "com.example.shopping")
/// ```
public struct NotificationCategory: Codable, Sendable, Hashable {
    /// How notifications of a category behave.
    public struct Options: OptionSet, Codable, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Dismissing a notification is reported to the app as a response with
        /// ``NotificationAction/dismissIdentifier``. Without it a dismissal only
        /// takes the notification out of the notification center; the app hears nothing.
        public static let customDismissAction = Options(rawValue: 1 << 0)
        /// Apple's CarPlay option, kept for the apps that set it; nothing here reads it.
        public static let allowInCarPlay = Options(rawValue: 1 << 1)
        /// With previews hidden, still show the title.
        public static let hiddenPreviewsShowTitle = Options(rawValue: 1 << 2)
        /// With previews hidden, still show the subtitle.
        public static let hiddenPreviewsShowSubtitle = Options(rawValue: 1 << 3)
        /// Apple's Siri announcement option, kept for the apps that set it; nothing here reads it.
        public static let allowAnnouncement = Options(rawValue: 1 << 4)
    }

    /// The category's name, which ``NotificationContent/categoryIdentifier`` refers
    /// to: 1 to ``NotificationLimits/maximumIdentifierLength`` characters, unique
    /// among the app's categories. Compared by canonical equivalence and kept in
    /// NFC, as ``NotificationRequest/identifier`` is.
    public var identifier: String
    /// Every action, in order: an alert shows them all. At most
    /// ``NotificationLimits/maximumActionsPerCategory``, each identifier used once.
    public var actions: [NotificationAction]
    /// The actions a banner shows; `nil` means the first two of ``actions``. Each
    /// must be one of ``actions``.
    public var minimalActions: [NotificationAction]?
    /// How the category's notifications behave; empty by default.
    public var options: Options
    /// SiriKit intents the category stands for (Apple's `intentIdentifiers`):
    /// stored and returned as given, not used on Linux.
    public var intentIdentifiers: [String]
    /// What a notification of the category shows instead of its body while
    /// previews are hidden (iOS 11), such as "%u new messages"; empty shows the
    /// system's "Notification".
    public var hiddenPreviewsBodyPlaceholder: String
    /// How a summary of the category's notifications reads (iOS 12), such as
    /// "%u more messages from %@"; empty for the system's.
    public var categorySummaryFormat: String

    /// A category.
    ///
    /// - Parameters:
    ///   - identifier: The category's name, which content refers to.
    ///   - actions: Every action, in the order an alert shows them.
    ///   - minimalActions: The actions a banner shows, taken from `actions`; `nil`
    ///     (the default) for the first two of `actions`.
    ///   - options: How the category's notifications behave.
    ///   - intentIdentifiers: SiriKit intents, stored as given.
    public init(
        identifier: String,
        actions: [NotificationAction],
        minimalActions: [NotificationAction]? = nil,
        options: Options = [],
        intentIdentifiers: [String] = [],
        hiddenPreviewsBodyPlaceholder: String = "",
        categorySummaryFormat: String = ""
    ) {
        self.identifier = identifier
        self.actions = actions
        self.minimalActions = minimalActions
        self.options = options
        self.intentIdentifiers = intentIdentifiers
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
        self.categorySummaryFormat = categorySummaryFormat
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, actions, minimalActions, options, intentIdentifiers, hiddenPreviewsBodyPlaceholder
        case categorySummaryFormat
    }

    /// Decodes a category; a missing `options` or `intentIdentifiers` is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        actions = try container.decode([NotificationAction].self, forKey: .actions)
        minimalActions = try container.decodeIfPresent([NotificationAction].self, forKey: .minimalActions)
        options = try container.decodeIfPresent(Options.self, forKey: .options) ?? []
        intentIdentifiers = try container.decodeIfPresent([String].self, forKey: .intentIdentifiers) ?? []
        hiddenPreviewsBodyPlaceholder =
            try container.decodeIfPresent(String.self, forKey: .hiddenPreviewsBodyPlaceholder) ?? ""
        categorySummaryFormat = try container.decodeIfPresent(String.self, forKey: .categorySummaryFormat) ?? ""
    }

    /// The actions a banner shows: ``minimalActions`` or the first two actions
    /// (``NotificationRules/bannerActions(of:)``).
    public var bannerActions: [NotificationAction] {
        NotificationRules.bannerActions(of: self)
    }

    /// The action with this identifier, among ``actions`` and ``minimalActions``.
    public func action(withIdentifier identifier: String) -> NotificationAction? {
        actions.first { $0.identifier == identifier }
            ?? minimalActions?.first { $0.identifier == identifier }
    }
}
