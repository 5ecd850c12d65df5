import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

/// The attacks on localized texts, through the engine: each hostile add is
/// refused with its typed error and changes nothing; what is accepted fires
/// with a bounded text and the engine goes on.
@Suite("Engine: hostile localized texts")
struct LocalizationAttackTests {
    static func request(
        _ localization: LocalizedString, title: String = LocalizedString.marker(0), body: String = ""
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: "hostile",
            content: NotificationContent(title: title, body: body, localizations: [localization]),
            trigger: .timeInterval(TimeIntervalTrigger(interval: 60, repeats: false)))
    }

    static func format(_ format: String, _ arguments: [JSONValue]) -> LocalizedString {
        LocalizedString(key: "KEY", arguments: arguments, formats: ["en": format])
    }

    static let refused: [(String, NotificationRequest, NotificationError.Code)] = [
        ("an integer read as an object: %1$@ %1$d", request(format("%1$@ %1$d", [12_345_678])), .invalidPayload),
        ("an object read as an integer, a heap address: %1$lx %1$@", request(format("%1$lx %1$@", ["secret"])), .invalidPayload),
        ("eight conversions hidden behind U+0600", request(format(String(repeating: "\u{600}%@", count: 8), [])), .invalidPayload),
        ("a width of 20,000,000", request(format("%20000000d", [1])), .invalidPayload),
        ("a precision of 20,000,000", request(format("%.20000000f", [1])), .invalidPayload),
        ("a C string", request(format("%s", ["x"])), .invalidPayload),
        ("%n", request(format("%n", [1])), .invalidPayload),
        ("a marker of no localized text", request(format("Hi", []), title: LocalizedString.marker(1)), .invalidPayload),
        ("a marker repeated in the title and body, 60 KB each", request(
            LocalizedString(key: "KEY", formats: ["en": String(repeating: "x", count: 60_000)]),
            title: String(repeating: LocalizedString.marker(0), count: 340),
            body: String(repeating: LocalizedString.marker(0), count: 2_730)), .payloadTooLarge),
        ("a long argument written 5,000 times", request(format(
            String(repeating: "%1$@", count: 5_000), [.string(String(repeating: "a", count: 30_000))])), .payloadTooLarge),
    ]

    @Test("Each hostile localized text is refused when added, with its typed error, and nothing changes", arguments: refused.indices)
    func refusedWhenAdded(_ index: Int) async throws {
        let (name, request, code) = Self.refused[index]
        try await HostileInputTests.expectRefused(request, code, name)
    }

    @Test("A number too large for %d is clamped when it fires: no trap")
    func hugeNumberClamped() async throws {
        let fixture = try EngineFixture { $0.preferredLanguages = ["en"] }
        try await fixture.authorize()
        try await fixture.engine.add(Self.request(Self.format("%d > %d", [1e300, -1e300])), for: fixture.app)
        fixture.scheduler.advance(by: 60)
        let content = try #require(fixture.presenter.presentations.first?.delivery.request.content)
        #expect(content.title == "9223372036854775807 > -9223372036854775808")
        #expect(content.localizations.isEmpty)
    }

    @Test("Formats an app really writes fire as written, in the user's language")
    func realFormatsFire() async throws {
        let fixture = try EngineFixture { $0.preferredLanguages = ["de-CH"] }
        try await fixture.authorize()
        let photos = LocalizedString(
            key: "PHOTOS", arguments: ["Anna", 3, 2.456],
            formats: ["en": "%1$@ shared %2$ld photos", "de": "%1$@ hat %2$ld Fotos (%3$.1f MB) geteilt"])
        try await fixture.engine.add(
            Self.request(photos, title: "📷 " + LocalizedString.marker(0), body: "%d stays"), for: fixture.app)
        fixture.scheduler.advance(by: 60)
        let content = try #require(fixture.presenter.presentations.first?.delivery.request.content)
        #expect(content.title == "📷 Anna hat 3 Fotos (2.5 MB) geteilt")
        #expect(content.body == "%d stays", "text outside localized texts is never a format")
    }

    @Test("Texts exactly at their limits once filled in are accepted and delivered whole")
    func atTheLimits() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let title = NotificationLimits.maximumTitleLength
        let body = NotificationLimits.maximumBodyLength
        let long = LocalizedString(key: "LONG", arguments: [.string(String(repeating: "b", count: body / 8 - 3))], formats: ["en": "<%@>"])
        let short = LocalizedString(key: "SHORT", arguments: [.string(String(repeating: "t", count: title / 4))], formats: ["en": "%@"])
        let request = NotificationRequest(
            identifier: "full",
            content: NotificationContent(
                title: String(repeating: LocalizedString.marker(1), count: 4),
                body: "." + String(repeating: LocalizedString.marker(0), count: 8), localizations: [long, short]),
            trigger: .timeInterval(TimeIntervalTrigger(interval: 60, repeats: false)))
        try await fixture.engine.add(request, for: fixture.app)
        fixture.scheduler.advance(by: 60)
        let content = try #require(fixture.presenter.presentations.first?.delivery.request.content)
        #expect(content.title.unicodeScalars.count == title)
        #expect(content.body.unicodeScalars.count == body - 7)
    }
}
