import HeraldAPI
import NotificationEngine

extension JSONWriter {
    /// A notification's content as `API.Content.encode(to:)` writes it: the iOS
    /// 12–16 fields only when they differ from their defaults, keys sorted.
    mutating func content(_ content: API.Content) throws {
        raw("{")
        if !content.attachments.isEmpty {
            key("attachments")
            try encoded(content.attachments)
        }
        if let badge = content.badge {
            key("badge")
            int(badge)
        }
        key("body")
        string(content.body)
        key("categoryIdentifier")
        string(content.categoryIdentifier)
        optional("filterCriteria", content.filterCriteria)
        if content.interruptionLevel != .active {
            key("interruptionLevel")
            string(content.interruptionLevel.rawValue)
        }
        optional("launchImageName", content.launchImageName)
        if !content.localizations.isEmpty {
            key("localizations")
            try encoded(content.localizations)
        }
        if content.relevanceScore != 0 {
            key("relevanceScore")
            try number(content.relevanceScore)
        }
        try sound(of: content)
        key("subtitle")
        string(content.subtitle)
        optional("summaryArgument", content.summaryArgument)
        if content.summaryArgumentCount != 0 {
            key("summaryArgumentCount")
            int(content.summaryArgumentCount)
        }
        optional("targetContentIdentifier", content.targetContentIdentifier)
        key("threadIdentifier")
        string(content.threadIdentifier)
        key("title")
        string(content.title)
        key("userInfo")
        try object(content.userInfo)
        raw("}")
    }

    /// `sound`, `soundKind` (unless normal) and `soundVolume`, each when set.
    private mutating func sound(of content: API.Content) throws {
        if let sound = content.sound {
            key("sound")
            string(sound)
        }
        if let kind = content.soundKind, kind != .normal {
            key("soundKind")
            string(kind.rawValue)
        }
        if let volume = content.soundVolume {
            key("soundVolume")
            try number(volume)
        }
    }

    /// A text field written only when it is not empty.
    private mutating func optional(_ name: StaticString, _ text: String) {
        guard !text.isEmpty else { return }
        key(name)
        string(text)
    }
}
