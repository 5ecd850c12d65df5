public import Foundation

/// The user's languages, in order of preference, as language tags (`"de-CH"`,
/// `"de"`), and the choice of a format among an app's translations.
public enum LanguagePreference {
    /// The languages POSIX's locale variables name: `LANGUAGE` (a `:`-separated
    /// list), then `LC_ALL`, `LC_MESSAGES` and `LANG`; `"C"` and `"POSIX"` mean
    /// none. `de_CH.UTF-8` becomes `de-CH`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> [String]
    {
        var languages: [String] = []
        let single = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        // LANGUAGE is honoured only alongside a real locale, as gettext does.
        if let single, !["C", "POSIX"].contains(single), let list = environment["LANGUAGE"], !list.isEmpty {
            languages += list.split(separator: ":").map(String.init)
        }
        if let single { languages.append(single) }
        var tags: [String] = []
        for language in languages {
            guard let tag = tag(language), !tags.contains(tag) else { continue }
            tags.append(tag)
        }
        return tags
    }

    /// `de_CH.UTF-8@euro` as `de-CH`; `nil` for `C` and `POSIX`.
    static func tag(_ posix: String) -> String? {
        let name = posix.split(separator: ".").first.map(String.init) ?? posix
        let base = name.split(separator: "@").first.map(String.init) ?? name
        guard !base.isEmpty, base != "C", base != "POSIX" else { return nil }
        return base.replacingOccurrences(of: "_", with: "-")
    }

    /// The tag in `formats` of the first language that has a format: the exact
    /// tag, then its language alone (`de-CH` → `de`), then any region of it
    /// (`pt` → `pt-BR`); tags compare without case.
    static func bestMatchingLanguage(in formats: [String: String], for languages: [String]) -> String? {
        guard !formats.isEmpty else { return nil }
        let tags = Dictionary(formats.keys.map { ($0.lowercased(), $0) }, uniquingKeysWith: min)
        for language in languages.map({ $0.lowercased() }) {
            if let tag = tags[language] { return tag }
            let base = String(language.split(separator: "-").first ?? "")
            if let tag = tags[base] { return tag }
            if let regional = tags.keys.sorted().first(where: { $0.hasPrefix(base + "-") }) { return tags[regional] }
        }
        return nil
    }
}
