import Foundation

extension Validator {
    /// Checks content's localized texts: how many there are and their size, that
    /// their arguments are strings and finite numbers, that every format (and
    /// the key, the text when no language has one) is one Herald formats with
    /// those arguments (``LocalizedFormat``), that each marker in the title,
    /// subtitle and body names one of them, and that each of the three is within
    /// its limit once filled in, in whichever language is longest.
    static func validateLocalizations(_ content: NotificationContent) throws(NotificationError) {
        guard !content.localizations.isEmpty else { return }
        let limit = NotificationLimits.maximumLocalizations
        guard content.localizations.count <= limit else {
            throw NotificationError(
                .payloadTooLarge, "the content has \(content.localizations.count) localized texts; the limit is \(limit)")
        }
        for localization in content.localizations {
            try validateKeyAndArguments(localization)
        }
        let bytes = (try? JSONEncoder().encode(content.localizations).count) ?? Int.max
        guard bytes <= NotificationLimits.maximumLocalizationBytes else {
            throw NotificationError(
                .payloadTooLarge,
                "the localized texts are \(bytes) bytes of JSON; the limit is \(NotificationLimits.maximumLocalizationBytes)")
        }
        var longest: [Int] = []
        for localization in content.localizations {
            longest.append(try longestText(of: localization))
        }
        try checkFilled(content.title, of: "title", limit: NotificationLimits.maximumTitleLength, texts: longest)
        try checkFilled(content.subtitle, of: "subtitle", limit: NotificationLimits.maximumSubtitleLength, texts: longest)
        try checkFilled(content.body, of: "body", limit: NotificationLimits.maximumBodyLength, texts: longest)
    }

    static func validateKeyAndArguments(_ localization: LocalizedString) throws(NotificationError) {
        try checkLength(
            localization.key, of: "a localized text's key", limit: NotificationLimits.maximumSubtitleLength,
            code: .invalidPayload, allowsEmpty: false)
        for argument in localization.arguments {
            switch argument {
            case .string: continue
            case .number(let number) where number.isFinite: continue
            default:
                throw NotificationError(
                    .invalidPayload,
                    "the arguments of localized text \(quoted(localization.key)) must be strings or finite numbers")
            }
        }
    }

    /// The most Unicode scalars `localization` can fill in: the longest of its
    /// formats and its key, filled with its arguments. Throws
    /// ``NotificationError/Code/invalidPayload`` for one that cannot be.
    static func longestText(of localization: LocalizedString) throws(NotificationError) -> Int {
        let arguments = FormatArguments(localization.arguments)
        var longest = 0
        for (name, format) in localization.candidateFormats {
            do {
                let parsed = try LocalizedFormat(parsing: format, availableArguments: arguments.values.count)
                longest = max(longest, parsed.filledLength(with: arguments))
            } catch {
                throw NotificationError(
                    .invalidPayload, "the \(name) of localized text \(quoted(localization.key)) is invalid \(error)")
            }
        }
        return longest
    }

    /// Throws ``NotificationError/Code/payloadTooLarge`` if `text` with each marker
    /// replaced by its localized text, `texts` long, is over `limit`;
    /// ``NotificationError/Code/invalidPayload`` for a marker of no localized text.
    static func checkFilled(_ text: String, of name: String, limit: Int, texts: [Int]) throws(NotificationError) {
        var length = 0
        try LocalizedString.forEachPart(of: text) { part throws(NotificationError) in
            switch part {
            case .text(let run):
                length = saturatingSum(length, run.count)
            case .marker(let index, _):
                guard texts.indices.contains(index) else {
                    throw NotificationError(
                        .invalidPayload,
                        "the \(name) refers to localized text \(index), but the content has \(texts.count) (0 to \(texts.count - 1))")
                }
                length = saturatingSum(length, texts[index])
            }
        }
        guard length > limit else { return }
        throw NotificationError(
            .payloadTooLarge,
            "the \(name) is \(length) characters once its localized texts are filled in (in the longest language); the limit is \(limit)")
    }

    /// `a + b`, or `Int.max` if that is more.
    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
