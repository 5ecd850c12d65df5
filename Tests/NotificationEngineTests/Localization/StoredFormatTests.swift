import Foundation
import HeraldTestSupport
@testable import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

/// Requests stored before formats were checked when added, as an older Herald
/// left them in its database: they still load, and fire with a safe text,
/// logged, rather than taking the engine down on every start.
@Suite("Engine: hostile localized texts already in the store")
struct StoredFormatTests {
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    static let app: AppIdentifier = "com.example.old"

    /// Each stored request: its localized text, the title and body that refer to
    /// it, and the title and body it fires with.
    static let stored: [(identifier: String, localization: LocalizedString, title: String, body: String, check: @Sendable (NotificationContent) -> Bool)] = [
        ("clash", localized("%1$@ %1$d", [12_345_678]), marker, "", { $0.title == "%1$@ %1$d" }),
        ("address", localized("%1$lx %1$@", ["secret"]), marker, "", { $0.title == "%1$lx %1$@" }),
        ("hidden", localized(String(repeating: "\u{600}%@", count: 8), []), marker, "", {
            $0.title == String(repeating: "\u{600}%@", count: 8)
        }),
        ("wide", localized("%20000000d", [1]), marker, "", { $0.title == "%20000000d" }),
        ("huge", localized("%d", [1e300]), marker, "", { $0.title == "9223372036854775807" }),
        ("missing", localized("Hi", []), marker + LocalizedString.marker(4), "", {
            $0.title == "Hi" + LocalizedString.marker(4)
        }),
        ("amplified", LocalizedString(key: "K", formats: ["en": String(repeating: "x", count: 60_000)]),
            String(repeating: marker, count: 340), String(repeating: marker, count: 2_730), {
                $0.title == String(repeating: "x", count: NotificationLimits.maximumTitleLength)
                    && $0.body == String(repeating: "x", count: NotificationLimits.maximumBodyLength)
            }),
    ]

    static let marker = LocalizedString.marker(0)

    static func localized(_ format: String, _ arguments: [JSONValue]) -> LocalizedString {
        LocalizedString(key: "KEY", arguments: arguments, formats: ["en": format])
    }

    @Test("Each stored hostile request loads, fires once with a bounded, safe text, and the engine goes on", arguments: StoreUnderTest.allCases)
    func firesSafely(_ kind: StoreUnderTest) async throws {
        let opened = try kind.open()
        try opened.write { transaction in
            try transaction.savePreferences(
                AppNotificationPreferences(authorizationStatus: .authorized, grantedOptions: [.alert]), for: Self.app)
            for item in Self.stored {
                let request = NotificationRequest(
                    identifier: item.identifier,
                    content: NotificationContent(title: item.title, body: item.body, localizations: [item.localization]),
                    trigger: .timeInterval(TimeIntervalTrigger(interval: 60, repeats: false)))
                try transaction.savePending(
                    PendingRequest(request: request, nextFireDate: Self.start + 60, addedDate: Self.start), for: Self.app)
            }
        }
        let scheduler = TestScheduler(startDate: Self.start)
        let presenter = RecordingPresenter()
        var configuration = NotificationEngine.Configuration()
        configuration.preferredLanguages = ["en"]
        configuration.timeZone = TimeZone(identifier: "UTC")!
        let engine = try NotificationEngine(
            opened: (opened.store, InMemoryAttachmentStore()), scheduler: scheduler, configuration: configuration,
            presenters: [presenter])
        #expect(try await engine.pendingRequests(for: Self.app).count == Self.stored.count, "they load")

        scheduler.advance(by: 60)
        let delivered = Dictionary(
            presenter.presentations.map { ($0.delivery.request.identifier, $0.delivery.request.content) },
            uniquingKeysWith: { first, _ in first })
        #expect(presenter.presentations.count == Self.stored.count, "each fires once")
        for item in Self.stored {
            let content = try #require(delivered[item.identifier], "\(item.identifier) fired")
            #expect(item.check(content), "\(item.identifier): \(content.title.prefix(80))")
            #expect(content.localizations.isEmpty)
        }
        #expect(try await engine.pendingRequests(for: Self.app).isEmpty)
        let listed = try await engine.deliveredNotifications(for: Self.app)
        #expect(listed.allSatisfy { $0.request.content.body.unicodeScalars.count <= NotificationLimits.maximumBodyLength })

        try await engine.add(
            NotificationRequest(identifier: "after", content: .init(title: "still here"), trigger: nil), for: Self.app)
        #expect(presenter.presentations.last?.delivery.request.content.title == "still here")
    }

    @Test("The core notes each repair for the engine to log")
    func repairsAreNoted() throws {
        var core = EngineCoreTests.core()
        var pending: [PendingRequest] = []
        try EngineCoreTests.add([EngineCoreTests.request("clash", after: 60)], to: &core, pending: &pending)
        var stored = pending[0]
        stored.request.content.title = Self.marker
        stored.request.content.localizations = [Self.localized("%1$@ %1$d", [12_345_678])]
        let item = try #require(core.takeDue(at: EngineCoreTests.now + 60).first)
        var firing = EngineCore.Firing()
        core.fire(
            item, record: EngineCoreTests.record(stored), request: stored.request, app: EngineCoreTests.authorized,
            now: EngineCoreTests.now + 60, into: &firing)
        #expect(firing.deliveries.first?.request.content.title == "%1$@ %1$d")
        #expect(firing.localizationProblems == [
            "request \"clash\" of com.example.core: localized text \"KEY\" is shown unformatted: its format for \"en\" is invalid at character 6: argument 1 is read as an integer here and as text (%@) before",
        ])
    }
}
