public import NotificationModel

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
        /// `"critical"` (plays even when sounds are off, for an app allowed
        /// critical alerts) or `"ringtone"`; `nil` for a normal sound.
        public var soundKind: NotificationSound.Kind?
        /// A critical sound's volume, 0 to 1; `nil` for the system's.
        public var soundVolume: Double?
        /// The app's own data (at most 4 KiB as JSON).
        public var userInfo: [String: JSONValue]
        /// The category whose actions the notification offers; empty for none.
        public var categoryIdentifier: String
        /// Groups related notifications; empty for none.
        public var threadIdentifier: String
        /// `passive`, `active` (the default), `timeSensitive` or `critical`.
        public var interruptionLevel: NotificationContent.InterruptionLevel
        /// The rank in a summary, 0 to 1.
        public var relevanceScore: Double
        /// What the notification opens in the app; empty for none.
        public var targetContentIdentifier: String
        /// The Focus filter the notification belongs to; empty for none.
        public var filterCriteria: String
        /// The text a summary names this notification by; empty for none.
        public var summaryArgument: String
        /// How many items the notification counts for in a summary.
        public var summaryArgumentCount: Int
        /// The image shown while the app opens; empty for none.
        public var launchImageName: String
        /// Texts localized when the notification fires, in the user's language;
        /// `title`, `subtitle` and `body` refer to them with the marker U+E000,
        /// the index, U+E001.
        public var localizations: [LocalizedString]
        /// Images, sounds or videos shown with the notification (at most 10);
        /// their bytes travel only when adding.
        public var attachments: [Attachment]

        /// Content with these values.
        public init(
            title: String = "", subtitle: String = "", body: String = "", badge: Int? = nil,
            sound: String? = nil, userInfo: [String: JSONValue] = [:], categoryIdentifier: String = "",
            threadIdentifier: String = "", interruptionLevel: NotificationContent.InterruptionLevel = .active,
            relevanceScore: Double = 0, targetContentIdentifier: String = "", filterCriteria: String = "",
            summaryArgument: String = "", summaryArgumentCount: Int = 0, launchImageName: String = "",
            localizations: [LocalizedString] = [], soundKind: NotificationSound.Kind? = nil, soundVolume: Double? = nil,
            attachments: [Attachment] = []
        ) {
            self.title = title
            self.subtitle = subtitle
            self.body = body
            self.badge = badge
            self.sound = sound
            self.userInfo = userInfo
            self.categoryIdentifier = categoryIdentifier
            self.threadIdentifier = threadIdentifier
            self.interruptionLevel = interruptionLevel
            self.relevanceScore = relevanceScore
            self.targetContentIdentifier = targetContentIdentifier
            self.filterCriteria = filterCriteria
            self.summaryArgument = summaryArgument
            self.summaryArgumentCount = summaryArgumentCount
            self.launchImageName = launchImageName
            self.localizations = localizations
            self.soundKind = soundKind
            self.soundVolume = soundVolume
            self.attachments = attachments
        }

        private enum CodingKeys: String, CodingKey {
            case title, subtitle, body, badge, sound, userInfo, categoryIdentifier, threadIdentifier
            case interruptionLevel, relevanceScore, targetContentIdentifier, filterCriteria, summaryArgument
            case summaryArgumentCount, launchImageName, localizations, soundKind, soundVolume
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
            interruptionLevel =
                try container.decodeIfPresent(NotificationContent.InterruptionLevel.self, forKey: .interruptionLevel)
                ?? .active
            relevanceScore = try container.decodeIfPresent(Double.self, forKey: .relevanceScore) ?? 0
            targetContentIdentifier = try container.decodeIfPresent(String.self, forKey: .targetContentIdentifier) ?? ""
            filterCriteria = try container.decodeIfPresent(String.self, forKey: .filterCriteria) ?? ""
            summaryArgument = try container.decodeIfPresent(String.self, forKey: .summaryArgument) ?? ""
            summaryArgumentCount = try container.decodeIfPresent(Int.self, forKey: .summaryArgumentCount) ?? 0
            launchImageName = try container.decodeIfPresent(String.self, forKey: .launchImageName) ?? ""
            localizations = try container.decodeIfPresent([LocalizedString].self, forKey: .localizations) ?? []
            soundKind = try container.decodeIfPresent(NotificationSound.Kind.self, forKey: .soundKind)
            soundVolume = try container.decodeIfPresent(Double.self, forKey: .soundVolume)
            attachments = try container.decodeIfPresent([Attachment].self, forKey: .attachments) ?? []
        }

        /// Encodes the content; the iOS 12–16 fields only when they differ from their defaults.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(subtitle, forKey: .subtitle)
            try container.encode(body, forKey: .body)
            try container.encodeIfPresent(badge, forKey: .badge)
            try container.encodeIfPresent(sound, forKey: .sound)
            try container.encode(userInfo, forKey: .userInfo)
            try container.encode(categoryIdentifier, forKey: .categoryIdentifier)
            try container.encode(threadIdentifier, forKey: .threadIdentifier)
            if interruptionLevel != .active { try container.encode(interruptionLevel, forKey: .interruptionLevel) }
            if relevanceScore != 0 { try container.encode(relevanceScore, forKey: .relevanceScore) }
            for (text, key) in [
                (targetContentIdentifier, CodingKeys.targetContentIdentifier), (filterCriteria, .filterCriteria),
                (summaryArgument, .summaryArgument), (launchImageName, .launchImageName),
            ] where !text.isEmpty {
                try container.encode(text, forKey: key)
            }
            if summaryArgumentCount != 0 { try container.encode(summaryArgumentCount, forKey: .summaryArgumentCount) }
            if !localizations.isEmpty { try container.encode(localizations, forKey: .localizations) }
            if let soundKind, soundKind != .normal { try container.encode(soundKind, forKey: .soundKind) }
            try container.encodeIfPresent(soundVolume, forKey: .soundVolume)
            if !attachments.isEmpty { try container.encode(attachments, forKey: .attachments) }
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
            interruptionLevel: content.interruptionLevel, relevanceScore: content.relevanceScore,
            targetContentIdentifier: content.targetContentIdentifier, filterCriteria: content.filterCriteria,
            summaryArgument: content.summaryArgument, summaryArgumentCount: content.summaryArgumentCount,
            launchImageName: content.launchImageName, localizations: content.localizations,
            soundKind: content.sound?.kind == .normal ? nil : content.sound?.kind, soundVolume: content.sound?.volume,
            attachments: content.attachments.map(API.Attachment.init))
    }

    /// The engine's content; the engine validates it when it is added.
    public var engineValue: NotificationContent {
        NotificationContent(
            title: title, subtitle: subtitle, body: body, badge: badge,
            sound: sound.map {
                ($0 == "default" ? NotificationSound.default : .named($0)).playing(as: soundKind ?? .normal, volume: soundVolume)
            },
            userInfo: userInfo,
            categoryIdentifier: categoryIdentifier, threadIdentifier: threadIdentifier,
            interruptionLevel: interruptionLevel, relevanceScore: relevanceScore,
            targetContentIdentifier: targetContentIdentifier, filterCriteria: filterCriteria,
            summaryArgument: summaryArgument, summaryArgumentCount: summaryArgumentCount,
            launchImageName: launchImageName, localizations: localizations,
            attachments: attachments.map(\.engineValue))
    }
}
