/// What a notification shows: texts, badge, sound, payload and category.
///
/// ```swift
/// var content = NotificationContent(title: "Task Reminder", body: "Walk Dog!!")
/// content.sound = .default
/// content.categoryIdentifier = "reminder"
/// ```
///
/// Content must show or play something: a request whose title, subtitle and body
/// are empty and that has neither a sound nor a badge is refused with
/// ``NotificationError/Code/invalidNoContent``. Texts over their limits in
/// ``NotificationLimits`` are refused with ``NotificationError/Code/payloadTooLarge``.
public struct NotificationContent: Codable, Sendable, Hashable {
    /// The headline, at most ``NotificationLimits/maximumTitleLength`` characters;
    /// empty for none.
    public var title: String
    /// A second line under the title, at most
    /// ``NotificationLimits/maximumSubtitleLength`` characters; empty for none.
    public var subtitle: String
    /// The message, at most ``NotificationLimits/maximumBodyLength`` characters;
    /// empty for none.
    public var body: String
    /// The app badge to set when the notification is delivered: `0` clears it,
    /// `nil` leaves it as it is. It must not be negative, and it is set only if
    /// the app may show badges.
    public var badge: Int?
    /// The sound to play, or `nil` for a silent notification. It plays only if the
    /// app may play sounds.
    public var sound: NotificationSound?
    /// The app's payload, at most 4 KiB once encoded as JSON
    /// (``NotificationLimits/maximumUserInfoBytes``); empty by default.
    public var userInfo: [String: JSONValue]
    /// The category whose actions the notification offers; empty for none. A
    /// non-empty identifier must name a category the app has registered, or the
    /// request is refused with ``NotificationError/Code/unknownCategory``.
    public var categoryIdentifier: String
    /// Groups related notifications together; empty for none. The engine only
    /// carries it, for presenters and apps to use.
    public var threadIdentifier: String
    /// Images, sounds or videos shown with the notification, at most
    /// ``NotificationLimits/maximumAttachmentsPerRequest``; empty by default. The
    /// engine copies their bytes into its attachment store when the request is added.
    public var attachments: [NotificationAttachment]

    /// Content with these values; every parameter defaults to nothing (empty text,
    /// no badge, no sound, no payload, no category, no thread, no attachments).
    ///
    /// - Parameters:
    ///   - title: The headline.
    ///   - subtitle: A second line under the title.
    ///   - body: The message.
    ///   - badge: The app badge to set on delivery: `0` clears it, `nil` leaves it.
    ///   - sound: The sound to play, or `nil` for silence.
    ///   - userInfo: The app's payload.
    ///   - categoryIdentifier: The registered category whose actions to offer.
    ///   - threadIdentifier: The group the notification belongs to.
    ///   - attachments: Images, sounds or videos to show with it.
    public init(
        title: String = "",
        subtitle: String = "",
        body: String = "",
        badge: Int? = nil,
        sound: NotificationSound? = nil,
        userInfo: [String: JSONValue] = [:],
        categoryIdentifier: String = "",
        threadIdentifier: String = "",
        attachments: [NotificationAttachment] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.badge = badge
        self.sound = sound
        self.userInfo = userInfo
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.attachments = attachments
    }

    private enum CodingKeys: String, CodingKey {
        case title, subtitle, body, badge, sound, userInfo, categoryIdentifier, threadIdentifier
        case attachments
    }

    /// Decodes content; a missing key takes its default, so `{"title": "Hi"}` decodes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
        subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle) ?? ""
        body = try container.decodeIfPresent(String.self, forKey: .body) ?? ""
        badge = try container.decodeIfPresent(Int.self, forKey: .badge)
        sound = try container.decodeIfPresent(NotificationSound.self, forKey: .sound)
        userInfo = try container.decodeIfPresent([String: JSONValue].self, forKey: .userInfo) ?? [:]
        categoryIdentifier = try container.decodeIfPresent(String.self, forKey: .categoryIdentifier) ?? ""
        threadIdentifier = try container.decodeIfPresent(String.self, forKey: .threadIdentifier) ?? ""
        attachments = try container.decodeIfPresent([NotificationAttachment].self, forKey: .attachments) ?? []
    }
}
