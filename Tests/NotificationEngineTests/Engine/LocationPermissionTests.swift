import Foundation
import NotificationEngine
import Signals
import Synchronization
import Testing

@Suite("Engine: location permission and the limit of regions")
struct LocationPermissionTests {
    static func request(_ identifier: String, radius: Double = 100) -> NotificationRequest {
        LocationTests.request(identifier, entry: true, exit: true, repeats: true, radius: radius)
    }

    /// The events of an engine from now on, as they come.
    final class EventLog: Sendable {
        private let events = Mutex<[NotificationEvent]>([])
        private let subscription = SerialDisposable()

        init(_ engine: NotificationEngine) {
            subscription.inner = engine.events.subscribeNext { [weak self] event in
                self?.events.withLock { $0.append(event) }
            }
        }

        deinit { subscription.dispose() }

        var recorded: [NotificationEvent] { events.withLock { $0 } }
    }

    @Test("Location is off for an app until the person allows it: its crossings fire nothing, and it stays pending")
    func offByDefault() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        #expect(try fixture.engine.locationAuthorization(for: fixture.app) == LocationAuthorization())
        try await fixture.engine.add(Self.request("shop"), for: fixture.app)
        for metres in [500.0, 10, 500, 10] {
            fixture.engine.updateLocation(LocationTests.north(metres))
        }
        #expect(fixture.presentedIdentifiers.isEmpty)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).map(\.request.identifier) == ["shop"])

        try fixture.engine.setLocationAuthorization(.authorizedWhenInUse, for: fixture.app)
        fixture.engine.updateLocation(LocationTests.north(500))
        #expect(fixture.presentedIdentifiers == ["shop"])
    }

    @Test("Only when-in-use and always let triggers fire", arguments: LocationAuthorizationStatus.allCases)
    func statuses(_ status: LocationAuthorizationStatus) async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try fixture.engine.setLocationAuthorization(status, for: fixture.app)
        try await fixture.engine.add(Self.request("shop"), for: fixture.app)
        fixture.engine.updateLocation(LocationTests.north(500))
        fixture.engine.updateLocation(LocationTests.north(10))
        #expect(fixture.presentedIdentifiers == (status.allowsLocation ? ["shop"] : []))
    }

    @Test("An ask is noted and reported once; the answer clears it; an answered app is not asked again, but for always")
    func askAndAnswer() async throws {
        let fixture = try EngineFixture()
        let log = EventLog(fixture.engine)
        let app = fixture.app
        let asked = LocationAuthorization(status: .notDetermined, requested: .whenInUse)
        #expect(try fixture.engine.requestLocationAuthorization(.whenInUse, for: app) == asked)
        #expect(try fixture.engine.requestLocationAuthorization(.whenInUse, for: app) == asked)
        try fixture.engine.setLocationAuthorization(.authorizedWhenInUse, for: app)
        let allowed = LocationAuthorization(status: .authorizedWhenInUse)
        #expect(try fixture.engine.requestLocationAuthorization(.whenInUse, for: app) == allowed)
        let upgrade = LocationAuthorization(status: .authorizedWhenInUse, requested: .always)
        #expect(try fixture.engine.requestLocationAuthorization(.always, for: app) == upgrade)
        try fixture.engine.setLocationAuthorization(.denied, for: app)
        #expect(try fixture.engine.requestLocationAuthorization(.always, for: app) == LocationAuthorization(status: .denied))
        #expect(log.recorded == [
            .locationAuthorizationChanged(app: app, authorization: asked),
            .locationAuthorizationChanged(app: app, authorization: allowed),
            .locationAuthorizationChanged(app: app, authorization: upgrade),
            .locationAuthorizationChanged(app: app, authorization: LocationAuthorization(status: .denied)),
        ])
    }

    @Test("The permission is kept in the app's record, with its notification authorization untouched")
    func kept() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try fixture.engine.setLocationAuthorization(.authorizedAlways, for: fixture.app)
        let preferences = try fixture.engine.preferences(for: fixture.app)
        #expect(preferences.location.status == .authorizedAlways)
        #expect(preferences.authorizationStatus == .authorized)
    }

    @Test("Apple's numbers for CLAuthorizationStatus")
    func appleNumbers() {
        #expect(LocationAuthorizationStatus.allCases.map(\.appleValue) == [0, 1, 2, 3, 4])
        #expect(LocationAuthorizationStatus(appleValue: 4) == .authorizedWhenInUse)
        #expect(LocationAuthorizationStatus(appleValue: 5) == nil)
    }

    @Test("The 21st location request is refused with regionLimitReached and changes nothing; replacing one is fine")
    func limitOfTwenty() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        for index in 0..<20 {
            try await fixture.engine.add(Self.request("r\(index)"), for: fixture.app)
        }
        let refused = await #expect(throws: NotificationError.self) {
            try await fixture.engine.add(Self.request("r20"), for: fixture.app)
        }
        #expect(refused?.code == .regionLimitReached)
        #expect(refused?.code.rawValue == 4018)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).count == 20)
        #expect(fixture.engine.watchedRegions[fixture.app]?.count == 20)
        try await fixture.engine.add(Self.request("r3", radius: 40), for: fixture.app)
        #expect(fixture.engine.watchedRegions[fixture.app]?.smallestRadius == 40)
        try await fixture.engine.add(FixtureRequests.timed("later"), for: fixture.app)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).count == 21)
    }

    @Test("One add of several requests counts them all: 19 and 2 more are refused together, 19 and 1 are not")
    func severalAtOnce() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        for index in 0..<19 {
            try await fixture.engine.add(Self.request("r\(index)"), for: fixture.app)
        }
        let refused = await #expect(throws: NotificationError.self) {
            try await fixture.engine.add([Self.request("a"), Self.request("b")], for: fixture.app)
        }
        #expect(refused?.code == .regionLimitReached)
        #expect(fixture.engine.watchedRegions[fixture.app]?.count == 19)
        try await fixture.engine.add([Self.request("a"), Self.request("r0")], for: fixture.app)
        #expect(fixture.engine.watchedRegions[fixture.app]?.count == 20)
    }

    @Test("Another app has its own 20")
    func perApp() async throws {
        let fixture = try EngineFixture()
        let other: AppIdentifier = "com.example.other"
        try await fixture.authorize()
        try await fixture.authorize(other)
        for index in 0..<20 {
            try await fixture.engine.add(Self.request("r\(index)"), for: fixture.app)
        }
        try await fixture.engine.add(Self.request("r0"), for: other)
        #expect(fixture.engine.watchedRegions[other]?.count == 1)
    }
}

/// Requests the tests here add besides location ones.
enum FixtureRequests {
    static func timed(_ identifier: String) -> NotificationRequest {
        EngineFixture.request(identifier, after: 60)
    }
}
