import Foundation
import NotificationModel
import Testing

@Suite("Validator: localized texts")
struct ValidatorLocalizationTests {
    typealias Fixture = ValidationFixtures

    static func request(
        title: String = LocalizedString.marker(0), body: String = "", _ localizations: LocalizedString...
    ) -> NotificationRequest {
        Fixture.request(content: NotificationContent(title: title, body: body, localizations: localizations))
    }

    @Test("Formats an app really writes are accepted")
    func accepted() throws {
        try Fixture.validate(Self.request(LocalizedString(
            key: "PHOTOS", arguments: ["Anna", 3],
            formats: ["en": "%1$@ shared %2$ld photos", "de": "%1$@ hat %2$ld Fotos geteilt", "ja": "%2$ld枚 %1$@"])))
        try Fixture.validate(Self.request(LocalizedString(key: "%@ sent you a message", arguments: ["Anna"])))
        try Fixture.validate(Self.request(LocalizedString(key: "DONE", arguments: [99.5], formats: ["en": "%.1f%% done"])))
    }

    @Test("Each format, in every language and the key, must be one Herald formats with the arguments", arguments: [
        (LocalizedString(key: "K", arguments: [12_345_678], formats: ["en": "%1$@ %1$d"]), "the format for \"en\" of localized text \"K\" is invalid at character 6: argument 1 is read as an integer here and as text (%@) before"),
        (LocalizedString(key: "K", arguments: ["x"], formats: ["en": "%@", "fr": "%1$lx %1$@"]), "the format for \"fr\" of localized text \"K\" is invalid"),
        (LocalizedString(key: String(repeating: "\u{600}%@", count: 8)), "the key of localized text"),
        (LocalizedString(key: "K", arguments: [1], formats: ["en": "%20000000d"]), "width 20000000 is over 64"),
        (LocalizedString(key: "K", arguments: ["x"], formats: ["en": "%s"]), "C string"),
        (LocalizedString(key: "K", arguments: ["x"], formats: ["en": "%@ and %@"]), "reads argument 2, but 1 argument is given"),
        (LocalizedString(key: "100% sure", formats: ["en": "Sure"]), "the key of localized text \"100% sure\" is invalid"),
        (LocalizedString(key: "K", arguments: [.number(.nan)], formats: ["en": "%f"]), "strings or finite numbers"),
        (LocalizedString(key: "K", arguments: [true]), "strings or finite numbers"),
    ])
    func invalidFormats(_ localization: LocalizedString, _ fragment: String) {
        expectRefusal(.invalidPayload, fragment) { try Fixture.validate(Self.request(localization)) }
    }

    @Test("A marker of no localized text is refused")
    func missingIndex() {
        expectRefusal(.invalidPayload, "the body refers to localized text 3, but the content has 1 (0 to 0)") {
            try Fixture.validate(Self.request(body: "see \(LocalizedString.marker(3))", LocalizedString(key: "K")))
        }
        expectRefusal(.invalidPayload, "the title refers to localized text 99999999999") {
            try Fixture.validate(Self.request(title: "\u{E000}99999999999\u{E001}", LocalizedString(key: "K")))
        }
    }

    @Test("Texts without localized texts, and what is no marker, are text like any other")
    func notMarkers() throws {
        try Fixture.validate(Fixture.request(content: NotificationContent(title: LocalizedString.marker(5))))
        try Fixture.validate(Self.request(title: "\u{E000}x\u{E001} \u{E000}\u{E000}0\u{E001}", LocalizedString(key: "K")))
    }

    @Test("A title is held to its limit once filled in: exactly at it is accepted, one more is refused")
    func filledLimit() throws {
        let limit = NotificationLimits.maximumTitleLength
        let half = LocalizedString(key: "K", arguments: [.string(String(repeating: "é", count: limit / 2 - 2))], formats: ["en": "<%@>"])
        try Fixture.validate(Self.request(title: LocalizedString.marker(0) + LocalizedString.marker(0), half))
        expectRefusal(.payloadTooLarge, "the title is \(limit + 1) characters once its localized texts are filled in (in the longest language); the limit is \(limit)") {
            try Fixture.validate(Self.request(title: "!" + LocalizedString.marker(0) + LocalizedString.marker(0), half))
        }
    }

    @Test("The longest language counts, and the key, the text when no language matches")
    func longestCandidate() {
        let long = String(repeating: "y", count: 2_000)
        expectRefusal(.payloadTooLarge, "the title is 2000 characters") {
            try Fixture.validate(Self.request(LocalizedString(key: "K", formats: ["en": "short", "de": long])))
        }
        expectRefusal(.payloadTooLarge, "the subtitle is 1025 characters") {
            let key = String(repeating: "%1$@", count: 205)
            let localization = LocalizedString(key: key, arguments: ["12345"], formats: ["en": "short"])
            try Fixture.validate(Fixture.request(content: NotificationContent(
                title: "T", subtitle: LocalizedString.marker(0), localizations: [localization])))
        }
    }

    @Test("A marker repeated in the title and body cannot multiply a text past the limits", arguments: [
        ("title", 340, 0), ("body", 0, 2_730),
    ])
    func amplification(_ field: String, _ titleMarkers: Int, _ bodyMarkers: Int) {
        let localization = LocalizedString(key: "K", formats: ["en": String(repeating: "x", count: 60_000)])
        expectRefusal(.payloadTooLarge, "the \(field) is") {
            try Fixture.validate(Self.request(
                title: String(repeating: LocalizedString.marker(0), count: titleMarkers) + "T",
                body: String(repeating: LocalizedString.marker(0), count: bodyMarkers), localization))
        }
    }

    @Test("A format that writes a long argument many times is measured, not written")
    func longArgumentRepeated() {
        let localization = LocalizedString(
            key: "K", arguments: [.string(String(repeating: "a", count: 30_000))],
            formats: ["en": String(repeating: "%1$@", count: 5_000)])
        expectRefusal(.payloadTooLarge, "the body is 150000000 characters") {
            try Fixture.validate(Self.request(title: "T", body: LocalizedString.marker(0), localization))
        }
    }
}
