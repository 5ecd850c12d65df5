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

    /// The marker that stands for localization `index` in a text.
    public static func marker(_ index: Int) -> String {
        "\(markerStart)\(index)\(markerEnd)"
    }

    /// The private-use characters that open and close a marker.
    public static let markerStart: Character = "\u{E000}"
    public static let markerEnd: Character = "\u{E001}"

    /// `text` with each marker (what lies between ``markerStart`` and
    /// ``markerEnd``) replaced by what `replace` returns for its inside; a
    /// marker it returns `nil` for is left as it is.
    public static func replacingMarkers(in text: String, _ replace: (Substring) -> String?) -> String {
        guard text.contains(markerStart) else { return text }
        var result = ""
        var rest = text[...]
        while let start = rest.firstIndex(of: markerStart) {
            result += rest[..<start]
            let afterStart = rest.index(after: start)
            guard let end = rest[afterStart...].firstIndex(of: markerEnd), let replacement = replace(rest[afterStart..<end])
            else {
                result.append(rest[start])
                rest = rest[afterStart...]
                continue
            }
            result += replacement
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// The text in the first of `languages` the app has a format for, else in
    /// English (the usual development language), else its key; with the
    /// arguments filled in.
    public func resolved(for languages: [String]) -> String {
        let format = LanguagePreference.bestMatch(in: formats, for: languages + ["en"]) ?? key
        return Self.fill(format, with: arguments)
    }

    /// `format` with `%@`, `%d`, `%ld`, `%f`… (and positional `%1$@`) filled from
    /// the arguments; a format whose specifiers the arguments do not match is
    /// left as it is rather than read past them.
    static func fill(_ format: String, with arguments: [JSONValue]) -> String {
        guard format.contains("%") else { return format }
        let specifiers = FormatSpecifiers(format)
        guard specifiers.isValid, specifiers.count <= arguments.count else { return format }
        let values: [any CVarArg] = zip(specifiers.kinds, arguments).map { kind, argument in
            switch (kind, argument) {
            case (.object, .string(let text)): text
            case (.object, let other): other.plainText
            case (.integer, .number(let number)): Int(number)
            case (.integer, .string(let text)): Int(text) ?? 0
            case (.real, .number(let number)): number
            case (.real, .string(let text)): Double(text) ?? 0
            case (.integer, _): 0
            case (.real, _): 0.0
            }
        }
        return String(format: format, arguments: values)
    }
}

extension JSONValue {
    /// The value as text: a string as it is, a number without a needless `.0`.
    var plainText: String {
        switch self {
        case .string(let text): text
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): String(flag)
        case .null: ""
        case .array, .object: ""
        }
    }
}

/// The conversion specifiers of a printf-style format, in argument order.
struct FormatSpecifiers {
    enum Kind { case object, integer, real }

    private(set) var kinds: [Kind] = []
    private(set) var isValid = true
    var count: Int { kinds.count }

    init(_ format: String) {
        var positional: [Int: Kind] = [:]
        var sequential: [Kind] = []
        var characters = Array(format)[...]
        while let percent = characters.firstIndex(of: "%") {
            characters = characters[(percent + 1)...]
            guard let first = characters.first else { isValid = false; return }
            if first == "%" { characters = characters.dropFirst(); continue }
            var digits = ""
            var rest = characters
            while let digit = rest.first, digit.isNumber { digits.append(digit); rest = rest.dropFirst() }
            var position: Int?
            if rest.first == "$", let number = Int(digits), number > 0 {
                position = number
                rest = rest.dropFirst()
            } else {
                rest = characters
            }
            while let flag = rest.first, "-+ #0123456789.lhqLzjt".contains(flag) { rest = rest.dropFirst() }
            guard let conversion = rest.first else { isValid = false; return }
            let kind: Kind
            switch conversion {
            case "@": kind = .object
            case "d", "i", "u", "x", "X", "o", "c": kind = .integer
            case "f", "F", "e", "E", "g", "G", "a", "A": kind = .real
            default: isValid = false; return
            }
            if let position { positional[position] = kind } else { sequential.append(kind) }
            characters = rest.dropFirst()
        }
        if positional.isEmpty {
            kinds = sequential
        } else if sequential.isEmpty, let last = positional.keys.max(), positional.count == last {
            kinds = (1...last).compactMap { positional[$0] }
        } else {
            isValid = false
        }
    }
}
