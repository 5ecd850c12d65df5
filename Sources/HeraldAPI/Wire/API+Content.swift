public import NotificationEngine

extension API {
    /// What a notification shows and plays.
    ///
    /// `sound` is `"default"`, the name of a sound file, or absent for silence;
    /// `badge` 0 clears the app's badge and an absent badge leaves it.
    public struct Content: Codable, Sendable, Hashable {
        /// The title.
        public var title: String
        /// A line under the title; empty by default.
        public var subtitle: String
        /// The message.
        public var body: String
        /// The app's badge after delivery; `nil` leaves it.
        public var badge: Int?
        /// `"default"`, a sound name, or `nil` for silence.
        public var sound: String?
        /// The app's own data (at most 4 KiB as JSON).
        public var userInfo: [String: JSONValue]
        /// The category whose actions the notification offers; empty for none.
        public var categoryIdentifier: String
        /// Groups related notifications; empty for none.
        public var threadIdentifier: String
        /// Images, sounds or videos shown with the notification (at most 10);
        /// their bytes travel only when adding.
        public var attachments: [Attachment]

        /// Content with these values.
        public init(
            title: String = "", subtitle: String = "", body: String = "", badge: Int? = nil,
            sound: String? = nil, userInfo: [String: JSONValue] = [:], categoryIdentifier: String = "",
            threadIdentifier: String = "", attachments: [Attachment] = []
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

        /// Decodes content; every field may be left out.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
            subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle) ?? ""
            body = try container.decodeIfPresent(String.self, forKey: .body) ?? ""
            badge = try container.decodeIfPresent(Int.self, forKey: .badge)
            sound = try container.decodeIfPresent(String.self, forKey: .sound)
            userInfo = try container.decodeIfPresent([String: JSONValue].self, forKey: .userInfo) ?? [:]
            categoryIdentifier = try container.decodeIfPresent(String.self, forKey: .categoryIdentifier) ?? ""
            threadIdentifier = try container.decodeIfPresent(String.self, forKey: .threadIdentifier) ?? ""
            attachments = try container.decodeIfPresent([Attachment].self, forKey: .attachments) ?? []
        }
    }
}

extension API.Content {
    /// The wire form of the engine's content.
    public init(_ content: NotificationContent) {
        self.init(
            title: content.title, subtitle: content.subtitle, body: content.body, badge: content.badge,
            sound: content.sound.map { $0.name ?? "default" }, userInfo: content.userInfo,
            categoryIdentifier: content.categoryIdentifier, threadIdentifier: content.threadIdentifier,
            attachments: content.attachments.map(API.Attachment.init))
    }

    /// The engine's content; the engine validates it when it is added.
    public var engineValue: NotificationContent {
        NotificationContent(
            title: title, subtitle: subtitle, body: body, badge: badge,
            sound: sound.map { $0 == "default" ? .default : .named($0) }, userInfo: userInfo,
            categoryIdentifier: categoryIdentifier, threadIdentifier: threadIdentifier,
            attachments: attachments.map(\.engineValue))
    }
}
