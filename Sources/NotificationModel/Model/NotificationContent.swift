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
    /// How urgently the notification asks for attention (iOS 15): a
    /// ``InterruptionLevel/passive`` one goes to the notification center
    /// quietly, without a banner or a sound.
    public var interruptionLevel: InterruptionLevel
    /// How the notification ranks in a summary of the app's notifications, from
    /// 0 to 1 (iOS 15); the web notification center lists the most relevant first.
    public var relevanceScore: Double
    /// The app's identifier of what the notification opens (iOS 13), handed back
    /// with the response; empty for none.
    public var targetContentIdentifier: String
    /// The Focus filter the notification belongs to (iOS 16); empty for none.
    public var filterCriteria: String
    /// The text a summary of the thread's notifications names this one by
    /// (iOS 12), such as a sender's name; empty for none.
    public var summaryArgument: String
    /// How many items this notification counts for in a summary (iOS 12); 0 counts as 1.
    public var summaryArgumentCount: Int
    /// The image shown while the app opens from the notification; kept for the app.
    public var launchImageName: String
    /// Texts localized when the notification fires, which the title, subtitle
    /// and body refer to with ``LocalizedString/marker(_:)``; at most
    /// ``NotificationLimits/maximumLocalizations``.
    public var localizations: [LocalizedString]
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
        interruptionLevel: InterruptionLevel = .active,
        relevanceScore: Double = 0,
        targetContentIdentifier: String = "",
        filterCriteria: String = "",
        summaryArgument: String = "",
        summaryArgumentCount: Int = 0,
        launchImageName: String = "",
        localizations: [LocalizedString] = [],
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
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        self.targetContentIdentifier = targetContentIdentifier
        self.filterCriteria = filterCriteria
        self.summaryArgument = summaryArgument
        self.summaryArgumentCount = summaryArgumentCount
        self.launchImageName = launchImageName
        self.localizations = localizations
        self.attachments = attachments
    }

    private enum CodingKeys: String, CodingKey {
        case title, subtitle, body, badge, sound, userInfo, categoryIdentifier, threadIdentifier
        case interruptionLevel, relevanceScore, targetContentIdentifier, filterCriteria, summaryArgument
        case summaryArgumentCount, launchImageName, localizations
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
        interruptionLevel = try container.decodeIfPresent(InterruptionLevel.self, forKey: .interruptionLevel) ?? .active
        relevanceScore = try container.decodeIfPresent(Double.self, forKey: .relevanceScore) ?? 0
        targetContentIdentifier = try container.decodeIfPresent(String.self, forKey: .targetContentIdentifier) ?? ""
        filterCriteria = try container.decodeIfPresent(String.self, forKey: .filterCriteria) ?? ""
        summaryArgument = try container.decodeIfPresent(String.self, forKey: .summaryArgument) ?? ""
        summaryArgumentCount = try container.decodeIfPresent(Int.self, forKey: .summaryArgumentCount) ?? 0
        launchImageName = try container.decodeIfPresent(String.self, forKey: .launchImageName) ?? ""
        localizations = try container.decodeIfPresent([LocalizedString].self, forKey: .localizations) ?? []
        attachments = try container.decodeIfPresent([NotificationAttachment].self, forKey: .attachments) ?? []
    }

    /// The content as the user sees it: each localization marker in the title,
    /// subtitle and body replaced with its text in the first of `languages` the
    /// app has, and no localizations left. Content without any is returned as it is.
    ///
    /// The texts are held to the limits of unlocalized ones
    /// (``NotificationLimits/maximumTitleLength`` and the others): the
    /// ``Validator`` refuses a request whose texts could grow past them when it is
    /// added, and what was stored before it did is cut here. A format that
    /// cannot be filled in is shown as it is written. Each such repair is passed
    /// to `onProblem`, for the engine to log.
    public func localized(
        for languages: [String], onProblem: (String) -> Void = { _ in }
    ) -> NotificationContent {
        guard !localizations.isEmpty else { return self }
        var content = self
        let texts = localizations.map { localization in
            let (text, problem) = localization.resolution(for: languages, limit: NotificationLimits.maximumBodyLength)
            if let problem { onProblem(problem) }
            return text
        }
        func resolve(_ text: String, _ name: String, limit: Int) -> String {
            let filled = LocalizedString.filling(text, with: texts, limit: limit)
            if filled.isCut { onProblem("the \(name) is over \(limit) characters once filled in; it is cut there") }
            return filled.text
        }
        content.title = resolve(title, "title", limit: NotificationLimits.maximumTitleLength)
        content.subtitle = resolve(subtitle, "subtitle", limit: NotificationLimits.maximumSubtitleLength)
        content.body = resolve(body, "body", limit: NotificationLimits.maximumBodyLength)
        content.localizations = []
        return content
    }

    /// How urgently a notification asks for attention, as Apple's
    /// `UNNotificationInterruptionLevel`.
    public enum InterruptionLevel: String, Codable, Sendable, Hashable, CaseIterable {
        /// Added to the notification center without a banner or a sound.
        case passive
        /// Shown and heard as the user's settings say (the default).
        case active
        /// Shown at once, even during a Focus.
        case timeSensitive
        /// Shown and heard even when sounds are off; Apple reserves it for
        /// approved apps, Herald for apps the user allowed critical alerts.
        case critical
    }
}
