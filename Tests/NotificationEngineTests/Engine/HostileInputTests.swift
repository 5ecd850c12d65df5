import Foundation
import NotificationEngine
import Signals
import Testing

@Suite("Engine: malformed and hostile input")
struct HostileInputTests {
    static func request(_ change: (inout NotificationRequest) -> Void) -> NotificationRequest {
        var request = EngineFixture.request("ok", after: 60)
        change(&request)
        return request
    }

    static let bad: [(String, NotificationRequest, NotificationError.Code)] = [
        ("10,000-character identifier", request { $0.identifier = String(repeating: "x", count: 10_000) }, .invalidIdentifier),
        ("empty identifier", request { $0.identifier = "" }, .invalidIdentifier),
        ("5 KiB userInfo", request { $0.content.userInfo = ["blob": .string(String(repeating: "a", count: 5_000))] }, .payloadTooLarge),
        ("1 MiB body", request { $0.content.body = String(repeating: "b", count: 1 << 20) }, .payloadTooLarge),
        ("no content", request { $0.content = NotificationContent() }, .invalidNoContent),
        ("negative badge", request { $0.content.badge = -3 }, .badgeInputInvalid),
        ("unknown category", request { $0.content.categoryIdentifier = "nope" }, .unknownCategory),
        ("zero interval", request { $0.trigger = .timeInterval(TimeIntervalTrigger(interval: 0, repeats: false)) }, .invalidTrigger),
        ("NaN interval", request { $0.trigger = .timeInterval(TimeIntervalTrigger(interval: .nan, repeats: false)) }, .invalidTrigger),
        ("repeating under 60 s", request { $0.trigger = .timeInterval(TimeIntervalTrigger(interval: 59, repeats: true)) }, .invalidTrigger),
        ("month 13", request { $0.trigger = .calendar(CalendarTrigger(dateComponents: DateComponents(month: 13), repeats: true)) }, .invalidNoDate),
        ("February 30", request { $0.trigger = .calendar(CalendarTrigger(dateComponents: DateComponents(month: 2, day: 30), repeats: true)) }, .invalidNoDate),
        ("a date in the past", request { $0.trigger = .calendar(CalendarTrigger(dateComponents: DateComponents(year: 2001, month: 1, day: 1), repeats: false)) }, .invalidNoDate),
        ("radius 0", request {
            $0.trigger = .location(LocationTrigger(region: CircularRegion(
                identifier: "r", center: Coordinate(latitude: 0, longitude: 0), radius: 0), repeats: false))
        }, .invalidRegion),
        ("latitude 91", request {
            $0.trigger = .location(LocationTrigger(region: CircularRegion(
                identifier: "r", center: Coordinate(latitude: 91, longitude: 0), radius: 10), repeats: false))
        }, .invalidRegion),
    ]

    @Test("Each bad request gets its typed error with a message, and the app's requests are unchanged", arguments: bad.indices)
    func refused(_ index: Int) async throws {
        let (name, request, code) = Self.bad[index]
        try await Self.expectRefused(request, code, name)
    }

    /// Adds `request` to an app with one pending request, expecting `code` with
    /// a message, and the app's requests unchanged.
    static func expectRefused(
        _ request: NotificationRequest, _ code: NotificationError.Code, _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(EngineFixture.request("kept", after: 30), for: fixture.app)
        let error = await #expect(throws: NotificationError.self, "\(name)", sourceLocation: sourceLocation) {
            try await fixture.engine.add(request, for: fixture.app)
        }
        #expect(error?.code == code, "\(name): \(String(describing: error))", sourceLocation: sourceLocation)
        #expect(error?.message.isEmpty == false, sourceLocation: sourceLocation)
        let pending = try await fixture.engine.pendingRequests(for: fixture.app).map(\.request.identifier)
        #expect(pending == ["kept"], sourceLocation: sourceLocation)
    }

    @Test("Bad app identifiers are refused everywhere")
    func badApps() async throws {
        let fixture = try EngineFixture()
        for app: AppIdentifier in ["", AppIdentifier(String(repeating: "a", count: 256)), "com.example/../x", "a b"] {
            await #expect(throws: NotificationError.self) {
                _ = try await fixture.engine.requestAuthorization(options: [.alert], for: app)
            }
            await #expect(throws: NotificationError.self) {
                _ = try await fixture.engine.pendingRequests(for: app)
            }
        }
    }

    @Test("Bad categories are refused and the old ones kept")
    func badCategories() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let good = NotificationCategory(identifier: "c", actions: [NotificationAction(identifier: "a", title: "A")])
        try await fixture.engine.setCategories([good], for: fixture.app)
        let tooMany = NotificationCategory(
            identifier: "many", actions: (0..<11).map { NotificationAction(identifier: "a\($0)", title: "A") })
        let duplicate = NotificationCategory(
            identifier: "dup", actions: [NotificationAction(identifier: "a", title: "A"), NotificationAction(identifier: "a", title: "B")])
        for categories in [[tooMany], [duplicate], [good, good]] {
            await #expect(throws: NotificationError.self) {
                try await fixture.engine.setCategories(categories, for: fixture.app)
            }
        }
        #expect(try await fixture.engine.categories(for: fixture.app) == [good])
    }
}
