import NotificationModel

/// The `aps` `alert` key: a string, the body; or a dictionary of the title,
/// subtitle and body, each plain (`title`) or localized on the device (`title-loc-key`
/// with `title-loc-args`), `launch-image`, and iOS 12's `summary-arg` and
/// `summary-arg-count`. Anything else shows no alert.
enum PushAlert {
    /// Sets `content`'s texts, localizations and launch image from `value`.
    static func read(_ value: JSONValue?, into content: inout NotificationContent) {
        switch value {
        case .string(let body):
            content.body = PushText.plain(body, limit: NotificationLimits.maximumBodyLength)
        case .object(let dictionary):
            let alert = APSDictionary(dictionary)
            var localizations: [LocalizedString] = []
            content.title = text(
                of: alert, plain: "title", key: "title-loc-key", arguments: "title-loc-args",
                limit: NotificationLimits.maximumTitleLength, localizations: &localizations)
            content.subtitle = text(
                of: alert, plain: "subtitle", key: "subtitle-loc-key", arguments: "subtitle-loc-args",
                limit: NotificationLimits.maximumSubtitleLength, localizations: &localizations)
            content.body = text(
                of: alert, plain: "body", key: "loc-key", arguments: "loc-args",
                limit: NotificationLimits.maximumBodyLength, localizations: &localizations)
            content.localizations = localizations
            content.launchImageName = alert.identifier("launch-image")
            content.summaryArgument = PushText.plain(
                alert.string("summary-arg") ?? "", limit: NotificationLimits.maximumSubtitleLength)
            content.summaryArgumentCount = alert.count("summary-arg-count") ?? 0
        default:
            break
        }
    }

    /// One text of the alert. A localization key (a non-empty string) wins over
    /// the plain text, as on Apple's devices: it becomes a ``LocalizedString``
    /// with its arguments, which the device localizes when the notification is
    /// shown, and the text its marker. A key Herald's formatter cannot fill in
    /// with those arguments, or that would be longer than `limit` once filled,
    /// becomes instead the text it would show: the key filled in (or as written),
    /// cut at `limit`.
    static func text(
        of alert: APSDictionary, plain: String, key: String, arguments: String, limit: Int,
        localizations: inout [LocalizedString]
    ) -> String {
        guard let key = alert.string(key), !key.isEmpty else {
            return PushText.plain(alert.string(plain) ?? "", limit: limit)
        }
        let localized = LocalizedString(key: key, arguments: self.arguments(alert.values[arguments]))
        guard fits(localized, limit: limit) else {
            return PushText.plain(localized.resolved(for: []), limit: limit)
        }
        localizations.append(localized)
        return LocalizedString.marker(localizations.count - 1)
    }

    /// `loc-args`: an array of strings (numbers are kept too, as the engine
    /// formats them); no arguments for anything else.
    static func arguments(_ value: JSONValue?) -> [JSONValue] {
        guard case .array(let elements) = value else { return [] }
        let usable = elements.allSatisfy { element in
            switch element {
            case .string, .number: true
            default: false
            }
        }
        return usable ? elements : []
    }

    /// Whether the engine takes `localized` as it is: a key of at most 1,024
    /// characters that Herald's formatter fills in with its arguments within `limit`.
    static func fits(_ localized: LocalizedString, limit: Int) -> Bool {
        guard localized.key.unicodeScalars.count <= NotificationLimits.maximumSubtitleLength,
            let format = try? LocalizedFormat(parsing: localized.key, availableArguments: localized.arguments.count)
        else { return false }
        return format.filledLength(with: FormatArguments(localized.arguments)) <= limit
    }
}
