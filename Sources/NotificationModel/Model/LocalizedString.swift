import Foundation

/// A text of a notification that is localized when it is delivered, in the
/// user's language, as Apple's `localizedUserNotificationString(forKey:arguments:)`
/// is: the app's key, the arguments of its format, and the format in each
/// language the app has it in.
///
/// The content's title, subtitle and body refer to it with a marker,
/// ``marker(_:)`` of its index in ``NotificationContent/localizations``. When
/// the notification fires, the engine replaces each marker with the format of
/// the user's language (``NotificationEngine/Configuration/preferredLanguages``)
/// filled with the arguments; with no format for the language, the key is used.
///
/// Formats are the printf subset Apple's formats are written in (`%@`, `%d`,
/// `%1$@`, `%.2f`, … as the engine guide lists), filled in by Herald's own
/// formatter, never by `String(format:)`. The engine refuses a request whose
/// formats it cannot fill in, or whose title, subtitle or body could be longer
/// than its limit once filled in, when the request is added.
public struct LocalizedString: Codable, Sendable, Hashable {
    /// The app's key, such as `"NEW_MESSAGE"`.
    public var key: String
    /// The format's arguments: strings and numbers.
    public var arguments: [JSONValue]
    /// The format in each language, by language tag (`"en"`, `"de"`, `"pt-BR"`),
    /// such as `"%@ sent you a message"`.
    public var formats: [String: String]

    /// A localized text.
    public init(key: String, arguments: [JSONValue] = [], formats: [String: String] = [:]) {
        self.key = key
        self.arguments = arguments
        self.formats = formats
    }

    private enum CodingKeys: String, CodingKey {
        case key, arguments, formats
    }

    /// Decodes a localized text; `arguments` and `formats` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        arguments = try container.decodeIfPresent([JSONValue].self, forKey: .arguments) ?? []
        formats = try container.decodeIfPresent([String: String].self, forKey: .formats) ?? [:]
    }

    /// The text in the first of `languages` the app has a format for, else in
    /// English (the usual development language), else its key; with the
    /// arguments filled in, and at most ``NotificationLimits/maximumBodyLength``
    /// characters. A format that cannot be filled in (the ``Validator`` refuses
    /// it when the request is added, so only one stored before it did) is
    /// shown as it is written.
    public func resolved(for languages: [String]) -> String {
        resolution(for: languages, limit: NotificationLimits.maximumBodyLength).text
    }

    /// ``resolved(for:)`` cut after `limit` Unicode scalars, and why the format
    /// is shown as it is written if it is.
    func resolution(for languages: [String], limit: Int) -> (text: String, problem: String?) {
        let language = LanguagePreference.bestMatchingLanguage(in: formats, for: languages + ["en"])
        let format = language.flatMap { formats[$0] } ?? key
        do {
            let parsed = try LocalizedFormat(parsing: format, availableArguments: arguments.count)
            return (parsed.filled(with: FormatArguments(arguments), limit: limit), nil)
        } catch {
            let which = language.map { "its format for \(Validator.quoted($0))" } ?? "its key"
            let problem = "localized text \(Validator.quoted(key)) is shown unformatted: \(which) is invalid \(error)"
            var text = BoundedText(limit: limit)
            text.append(format.unicodeScalars)
            return (text.text, problem)
        }
    }

    /// The texts a localized text may show, each with what it is for a message:
    /// its format in each language (by tag, sorted), then its key, the text when
    /// no language matches.
    package var candidateFormats: [(name: String, format: String)] {
        formats.sorted { $0.key < $1.key }.map { (name: "format for \(Validator.quoted($0.key))", format: $0.value) }
            + [(name: "key", format: key)]
    }
}
