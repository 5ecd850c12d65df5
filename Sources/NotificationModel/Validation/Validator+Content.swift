import Foundation

extension Validator {
    /// Checks content: text and payload sizes, that it shows or plays something,
    /// its badge, and that its category is among `categories` (not checked for `nil`).
    static func validate(_ content: NotificationContent, categories: [NotificationCategory]?) throws(NotificationError) {
        try validateSizes(content)
        guard hasSomethingToShow(content) else {
            throw NotificationError(
                .invalidNoContent, "the content has no title, subtitle, body, sound or badge: there is nothing to show")
        }
        if let badge = content.badge {
            try validateBadge(badge)
        }
        if let categories { try validateCategory(of: content, categories: categories) }
        try validateAttachments(content.attachments)
    }

    /// Whether content shows or plays something: a title, subtitle or body, a
    /// sound or a badge.
    package static func hasSomethingToShow(_ content: NotificationContent) -> Bool {
        !content.title.isEmpty || !content.subtitle.isEmpty || !content.body.isEmpty
            || content.sound != nil || content.badge != nil
    }

    static func validateSizes(_ content: NotificationContent) throws(NotificationError) {
        try checkLength(content.title, of: "title", limit: NotificationLimits.maximumTitleLength, code: .payloadTooLarge)
        try checkLength(
            content.subtitle, of: "subtitle", limit: NotificationLimits.maximumSubtitleLength, code: .payloadTooLarge)
        try checkLength(content.body, of: "body", limit: NotificationLimits.maximumBodyLength, code: .payloadTooLarge)
        let identifierLimit = NotificationLimits.maximumIdentifierLength
        try checkLength(
            content.categoryIdentifier, of: "categoryIdentifier", limit: identifierLimit, code: .invalidIdentifier)
        try checkLength(content.threadIdentifier, of: "threadIdentifier", limit: identifierLimit, code: .invalidIdentifier)
        if let name = content.sound?.name {
            try checkLength(name, of: "sound name", limit: identifierLimit, code: .invalidIdentifier, allowsEmpty: false)
        }
        try checkLength(
            content.targetContentIdentifier, of: "targetContentIdentifier", limit: identifierLimit, code: .invalidIdentifier)
        try checkLength(content.filterCriteria, of: "filterCriteria", limit: identifierLimit, code: .invalidIdentifier)
        try checkLength(content.launchImageName, of: "launchImageName", limit: identifierLimit, code: .invalidIdentifier)
        try checkLength(
            content.summaryArgument, of: "summaryArgument", limit: NotificationLimits.maximumSubtitleLength,
            code: .payloadTooLarge)
        guard content.relevanceScore.isFinite, (0...1).contains(content.relevanceScore) else {
            throw NotificationError(
                .invalidPayload, "relevanceScore is \(content.relevanceScore); it must be between 0 and 1")
        }
        try validateLocalizations(content)
        if let volume = content.sound?.volume, !volume.isFinite || !(0...1).contains(volume) {
            throw NotificationError(.invalidPayload, "the sound's volume is \(volume); it must be between 0 and 1")
        }
        guard content.summaryArgumentCount >= 0 else {
            throw NotificationError(
                .invalidPayload, "summaryArgumentCount is \(content.summaryArgumentCount); it must not be negative")
        }
        try validateUserInfo(content.userInfo)
    }

    /// Checks that `userInfo` encodes as JSON in at most 4 KiB.
    package static func validateUserInfo(_ userInfo: [String: JSONValue]) throws(NotificationError) {
        guard !userInfo.isEmpty else { return }
        let limit = NotificationLimits.maximumUserInfoBytes
        // Most userInfo is far below the limit, and a bound on its JSON settles that
        // without encoding it (which was a third of a batched add's time).
        var budget = limit
        if fits(.object(userInfo), in: &budget) { return }
        let data: Data
        do {
            data = try JSONEncoder().encode(userInfo)
        } catch {
            throw NotificationError(
                .invalidPayload, "userInfo cannot be encoded as JSON: \(nonFiniteNumberPath(in: .object(userInfo)) ?? "\(error)")")
        }
        guard data.count <= limit else {
            throw NotificationError(.payloadTooLarge, "userInfo is \(data.count) bytes of JSON; the limit is \(limit)")
        }
    }

    /// Whether `value` as JSON surely takes at most `budget` bytes, taking them
    /// from it: every string counted as if each of its UTF-8 bytes were escaped
    /// (`\u00XX`, six bytes, the most `JSONEncoder` writes for one), every number
    /// as 32 characters. `false` when the bound does not fit, or for a number JSON
    /// cannot encode: then the value has to be encoded to know.
    static func fits(_ value: JSONValue, in budget: inout Int) -> Bool {
        switch value {
        case .null, .bool:
            budget -= 5
        case .number(let number):
            guard number.isFinite else { return false }
            budget -= 32
        case .string(let string):
            budget -= 2 + 6 * string.utf8.count
        case .array(let elements):
            budget -= 2
            for element in elements {
                budget -= 1
                guard budget >= 0, fits(element, in: &budget) else { return false }
            }
        case .object(let members):
            budget -= 2
            for (key, member) in members {
                budget -= 4 + 6 * key.utf8.count
                guard budget >= 0, fits(member, in: &budget) else { return false }
            }
        }
        return budget >= 0
    }

    /// Where `value` holds a number JSON cannot encode (NaN or infinite), as in
    /// `userInfo["a"][2] is nan`.
    static func nonFiniteNumberPath(in value: JSONValue, path: String = "userInfo") -> String? {
        switch value {
        case .number(let number) where !number.isFinite:
            return "\(path) is \(number), which JSON cannot represent"
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = nonFiniteNumberPath(in: element, path: "\(path)[\(index)]") { return found }
            }
            return nil
        case .object(let members):
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let found = nonFiniteNumberPath(in: member, path: "\(path)[\(quoted(key))]") { return found }
            }
            return nil
        default:
            return nil
        }
    }

    static func validateCategory(
        of content: NotificationContent, categories: [NotificationCategory]
    ) throws(NotificationError) {
        let identifier = content.categoryIdentifier
        guard !identifier.isEmpty, !categories.contains(where: { $0.identifier == identifier }) else { return }
        throw NotificationError(
            .unknownCategory,
            "category \(quoted(identifier)) is not among the app's \(categories.count) registered categories")
    }
}
