import NotificationModel

/// How notifications of a category behave, with Apple's raw values.
///
/// Only ``customDismissAction`` changes anything on Linux; the other options are
/// accepted so that code written for Apple's platforms compiles, have no effect,
/// and are not stored (categories read back do not carry them).
public struct UNNotificationCategoryOptions: OptionSet, Sendable, Hashable {
    /// The raw value, Apple's bit or number.
    public let rawValue: UInt

    /// The value with this raw value.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Dismissing a notification is reported to the delegate with
    /// ``UNNotificationDismissActionIdentifier``.
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    /// CarPlay may show the notifications; no effect on Linux.
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
    /// Hidden previews still show the title; no effect on Linux.
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)
    /// Hidden previews still show the subtitle; no effect on Linux.
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)
    /// Siri may read the notifications aloud; no effect on Linux.
    public static let allowAnnouncement = UNNotificationCategoryOptions(rawValue: 1 << 4)

    /// The engine keeps the same bits.
    init(_ options: NotificationCategory.Options) {
        self.init(rawValue: UInt(options.rawValue))
    }

    var engineOptions: NotificationCategory.Options {
        NotificationCategory.Options(rawValue: Int(rawValue))
    }
}
