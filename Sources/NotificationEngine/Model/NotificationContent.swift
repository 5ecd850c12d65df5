/// What a notification shows: texts, badge, sound, payload and category.
///
/// ```swift
/// var content = NotificationContent(title: "Task Reminder", body: "Walk Dog!!")
/// content.sound = .default
/// content.categoryIdentifier = "reminder"
/// ```
public struct NotificationContent: Codable, Sendable, Hashable {
    public var title: String
    public var subtitle: String
    public var body: String
    /// The app badge to set when the notification is delivered: `0` clears it,
    /// `nil` leaves it as it is.
    public var badge: Int?
    /// The sound to play, or `nil` for a silent notification.
    public var sound: NotificationSound?
    /// The app's payload, at most 4 KiB once encoded as JSON.
    public var userInfo: [String: JSONValue]
    /// The category whose actions the notification offers; empty for none.
    public var categoryIdentifier: String
    /// Groups related notifications together; empty for none.
    public var threadIdentifier: String

    public init(
        title: String = "",
        subtitle: String = "",
        body: String = "",
        badge: Int? = nil,
        sound: NotificationSound? = nil,
        userInfo: [String: JSONValue] = [:],
        categoryIdentifier: String = "",
        threadIdentifier: String = ""
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.badge = badge
        self.sound = sound
        self.userInfo = userInfo
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
    }

    private enum CodingKeys: String, CodingKey {
        case title, subtitle, body, badge, sound, userInfo, categoryIdentifier, threadIdentifier
    }

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
    }
}
