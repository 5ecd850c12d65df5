public import Foundation

/// The limits the engine enforces on what apps send it. Input over a limit is
/// refused with a ``NotificationError`` that names the limit; nothing changes.
///
/// Lengths are counted in Unicode scalars (for ASCII text, characters), which
/// also bounds the stored size at 4 bytes a scalar.
public struct NotificationLimits: Sendable {
    private init() {}

    /// The longest request, category or action identifier, and the longest
    /// `categoryIdentifier`, `threadIdentifier` and sound name. Identifiers may not be empty.
    public static let maximumIdentifierLength = 255

    /// The longest app identifier. An app identifier has at least one character,
    /// each of them one of `A-Z a-z 0-9 . - _`.
    public static let maximumAppIdentifierLength = 255

    /// The longest notification title.
    public static let maximumTitleLength = 1_024

    /// The longest notification subtitle.
    public static let maximumSubtitleLength = 1_024

    /// The longest notification body.
    public static let maximumBodyLength = 8_192

    /// The most bytes a notification's `userInfo` may take once encoded as JSON (4 KiB).
    public static let maximumUserInfoBytes = 4_096

    /// Localized texts per notification.
    public static let maximumLocalizations = 16

    /// Bytes of a notification's localized texts (keys, arguments and formats) once encoded as JSON.
    public static let maximumLocalizationBytes = 65_536

    /// The largest width or precision a localized text's format may use, as in
    /// `%64d` or `%.64f`. A format over it, or one Herald cannot format, is
    /// refused with ``NotificationError/Code/invalidPayload``; a title, subtitle
    /// or body that could be longer than its limit once its localized texts are
    /// filled in, with ``NotificationError/Code/payloadTooLarge``.
    public static let maximumFormatWidth = 64

    /// The most attachments a request may have: Herald's own limit (Apple documents
    /// none). Each attachment is also limited in size by its type
    /// (``AttachmentType/maximumSize``).
    public static let maximumAttachmentsPerRequest = 10

    /// The most location-triggered requests an app may have pending: 20, Core
    /// Location's documented limit of regions one app may monitor at once. Apple
    /// documents no result for a 21st `UNLocationNotificationTrigger` (Core
    /// Location reports `regionMonitoringFailure` to the delegate); Herald
    /// refuses the add with ``NotificationError/Code/regionLimitReached``.
    public static let maximumRegionsPerApp = 20

    /// The most actions a category may have.
    public static let maximumActionsPerCategory = 10

    /// The longest action title, text-input button title and placeholder.
    public static let maximumActionTitleLength = 256

    /// The most categories an app may register.
    public static let maximumCategoriesPerApp = 64

    /// The most intent identifiers a category may carry.
    public static let maximumIntentIdentifiersPerCategory = 32

    /// The largest radius of a location trigger's region, in metres (100 km).
    /// A radius must also be greater than zero.
    public static let maximumRegionRadius: Double = 100_000

    /// The shortest interval of a repeating time-interval trigger, in seconds.
    /// Any interval must be greater than zero.
    public static let minimumRepeatingInterval: Double = 60

    /// The latest date a request may first fire: the last second of the year 9999
    /// (UTC), the end of the dates that ISO 8601's four-digit years, the API and
    /// the store can write. A trigger whose first fire date is later is refused
    /// with ``NotificationError/Code/invalidTrigger``.
    public static let latestFireDate = Date(timeIntervalSince1970: 253_402_300_799)
}
