public import Foundation
import NotificationModel

/// A kind of notification and the actions it offers. Register the app's
/// categories with ``UNUserNotificationCenter/setNotificationCategories(_:)``
/// and name one in ``UNMutableNotificationContent/categoryIdentifier``.
///
/// ```swift
/// let category = UNNotificationCategory(
///     identifier: "reminder", actions: [cancel], intentIdentifiers: [], options: [])
/// center.setNotificationCategories([category])
/// ```
///
/// An alert shows every action, a banner the first two. `intentIdentifiers` and
/// the CarPlay and announcement options mean nothing on Linux; they are stored
/// and come back from ``UNUserNotificationCenter/notificationCategories()``.
///
/// An immutable `NSObject`, as Apple's: `copy()` returns the category itself; two
/// categories are equal (`isEqual(_:)`, `==`) when every property is.
public final class UNNotificationCategory: NSObject, NSCopying, Sendable {
    /// The name content uses to refer to the category.
    public let identifier: String
    /// The actions, in the order they are shown.
    public let actions: [UNNotificationAction]
    /// SiriKit intents; stored, not used on Linux.
    public let intentIdentifiers: [String]
    /// How the category's notifications behave.
    public let options: UNNotificationCategoryOptions
    /// What the category's notifications show instead of their body while
    /// previews are hidden, such as "%u new messages"; empty for "Notification".
    public let hiddenPreviewsBodyPlaceholder: String
    /// How a summary of the category's notifications reads, such as
    /// "%u more messages from %@"; empty for the system's.
    public let categorySummaryFormat: String

    /// A category with its actions.
    public convenience init(
        identifier: String,
        actions: [UNNotificationAction],
        intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: nil, options: options)
    }

    /// A category whose notifications show `hiddenPreviewsBodyPlaceholder`
    /// instead of their body while previews are hidden.
    public convenience init(
        identifier: String,
        actions: [UNNotificationAction],
        intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String,
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: nil,
            options: options)
    }

    /// A category with a placeholder for hidden previews and a summary format.
    public init(
        identifier: String,
        actions: [UNNotificationAction],
        intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?,
        categorySummaryFormat: String?,
        options: UNNotificationCategoryOptions = []
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.options = options
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder ?? ""
        self.categorySummaryFormat = categorySummaryFormat ?? ""
        super.init()
    }

    convenience init(_ category: NotificationCategory) {
        self.init(
            identifier: category.identifier,
            actions: category.actions.map(UNNotificationAction.make),
            intentIdentifiers: category.intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: category.hiddenPreviewsBodyPlaceholder,
            categorySummaryFormat: category.categorySummaryFormat,
            options: UNNotificationCategoryOptions(category.options))
    }

    var engineCategory: NotificationCategory {
        NotificationCategory(
            identifier: identifier, actions: actions.map(\.engineAction), options: options.engineOptions,
            intentIdentifiers: intentIdentifiers, hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder,
            categorySummaryFormat: categorySummaryFormat)
    }

    /// The category itself: it never changes.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Whether `object` is a category with the same properties.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationCategory)?.engineCategory == engineCategory
    }

    /// A hash of the properties `isEqual(_:)` compares.
    public override var hash: Int { engineCategory.hashValue }

    /// `<UNNotificationCategory: 0x…; identifier: …, actions: (…), intentIdentifiers: (…), options: …>`.
    public override var description: String {
        ObjectDescription.of(self, [
            "identifier": identifier, "actions": actions, "intentIdentifiers": intentIdentifiers,
            "options": options.rawValue, "hiddenPreviewsBodyPlaceholder": hiddenPreviewsBodyPlaceholder,
            "categorySummaryFormat": categorySummaryFormat,
        ])
    }
}
