public import Foundation
import NotificationModel
import Synchronization

extension NSString {
    /// A text that is localized when the notification is delivered, in the
    /// user's language, from the app's `Localizable.strings`: set it as a
    /// content's `title`, `subtitle` or `body`.
    ///
    /// ```swift
    /// content.body = NSString.localizedUserNotificationString(forKey: "NEW_MESSAGE", arguments: [sender])
    /// ```
    ///
    /// As on Apple's platforms the returned string stands for the key and its
    /// arguments until then. When the request is added, the center looks the key
    /// up in every language of its localization bundle (`Bundle.main` unless the
    /// center was given another), and the engine picks the user's language
    /// (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`) when the notification fires,
    /// falling back to the key. Arguments are strings and numbers; others are
    /// written as text. The formats (and the key) are Apple's printf subset,
    /// filled in by Herald's own formatter rather than `String(format:)`; adding
    /// a request with one it cannot fill in (`%s`, `%1$@ %1$d`, …), or whose
    /// texts could grow past their limits once filled in, fails.
    public class func localizedUserNotificationString(forKey key: String, arguments: [Any]?) -> String {
        DeferredLocalization(key: key, arguments: (arguments ?? []).map(DeferredLocalization.argument)).token
    }
}

/// A text to localize at delivery, as the app holds it in its content before
/// adding the request: a token in private-use characters carrying the key and
/// the arguments.
struct DeferredLocalization: Codable, Hashable {
    var key: String
    var arguments: [JSONValue]

    private static let prefix: Character = "L"

    var token: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // the same text and arguments give the same token
        let json = (try? encoder.encode(self)) ?? Data()
        return "\(LocalizedString.markerStart)\(Self.prefix)\(json.base64EncodedString())\(LocalizedString.markerEnd)"
    }

    static func argument(_ value: Any) -> JSONValue {
        switch value {
        case let text as String: .string(text)
        case let flag as Bool: .string(String(flag))
        case let integer as any BinaryInteger: .number(Double(integer))
        case let real as any BinaryFloatingPoint: .number(Double(real))
        case let number as NSNumber: .number(number.doubleValue)
        default: .string(String(describing: value))
        }
    }

    /// The app's tokens in `text` replaced with engine markers, appending each
    /// distinct localization to `localizations`.
    static func engineText(
        _ text: String, localizations: inout [LocalizedString], bundle: URL?
    ) -> String {
        LocalizedString.replacingMarkers(in: text) { payload in
            guard payload.first == prefix, let data = Data(base64Encoded: String(payload.dropFirst())),
                let deferred = try? JSONDecoder().decode(Self.self, from: data)
            else { return nil }
            let localization = LocalizedString(
                key: deferred.key, arguments: deferred.arguments,
                formats: bundle.map { LocalizationTables.shared.formats(forKey: deferred.key, in: $0) } ?? [:])
            let index = localizations.firstIndex(of: localization) ?? {
                localizations.append(localization)
                return localizations.count - 1
            }()
            return LocalizedString.marker(index)
        }
    }

    /// The engine's markers in `text` replaced with the app's tokens again.
    static func appText(_ text: String, localizations: [LocalizedString]) -> String {
        LocalizedString.replacingMarkers(in: text) { payload in
            guard let index = Int(payload), localizations.indices.contains(index) else { return nil }
            let localization = localizations[index]
            return Self(key: localization.key, arguments: localization.arguments).token
        }
    }
}

/// The `Localizable.strings` tables of bundles, read once per bundle.
final class LocalizationTables: Sendable {
    static let shared = LocalizationTables()

    /// Per bundle path: per language, the table.
    private let tables = Mutex<[String: [String: [String: String]]]>([:])

    /// The key's format in each language the bundle has it in.
    func formats(forKey key: String, in bundleURL: URL) -> [String: String] {
        let byLanguage = tables.withLock { $0[bundleURL.path] } ?? load(bundleURL)
        return byLanguage.compactMapValues { $0[key] }
    }

    private func load(_ bundleURL: URL) -> [String: [String: String]] {
        var byLanguage: [String: [String: String]] = [:]
        if let bundle = Bundle(url: bundleURL) {
            for language in bundle.localizations where language != "Base" {
                guard
                    let path = bundle.path(
                        forResource: "Localizable", ofType: "strings", inDirectory: nil, forLocalization: language),
                    let data = FileManager.default.contents(atPath: path),
                    let table = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
                else { continue }
                byLanguage[language.replacingOccurrences(of: "_", with: "-")] = table
            }
        }
        tables.withLock { $0[bundleURL.path] = byLanguage }
        return byLanguage
    }
}
