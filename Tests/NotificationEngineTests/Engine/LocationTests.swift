import Foundation
import NotificationEngine
import Signals
import Testing

@Suite("Engine: location triggers")
struct LocationTests {
    static let shop = Coordinate(latitude: 52.5200, longitude: 13.4050)

    /// A position `metres` north of the shop.
    static func north(_ metres: Double) -> Coordinate {
        Coordinate(latitude: shop.latitude + metres / 111_195, longitude: shop.longitude)
    }

    static func request(
        _ identifier: String, entry: Bool, exit: Bool, repeats: Bool, radius: Double = 100
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: "Shop"),
            trigger: .location(LocationTrigger(
                region: CircularRegion(
                    identifier: "shop", center: shop, radius: radius, notifyOnEntry: entry, notifyOnExit: exit),
                repeats: repeats)))
    }

    @Test("Entering fires once for a one-shot trigger, and jitter on the border does not flap")
    func entryOnce() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try fixture.engine.setLocationAuthorization(.authorizedWhenInUse, for: fixture.app)
        try await fixture.engine.add(Self.request("enter", entry: true, exit: false, repeats: false), for: fixture.app)
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).first?.nextFireDate == nil)
        fixture.engine.updateLocation(Self.north(500))
        for metres in [300.0, 50, 95, 105, 98, 103, 20] {
            fixture.engine.updateLocation(Self.north(metres))
        }
        #expect(fixture.presentedIdentifiers == ["enter"])
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).isEmpty)
    }

    @Test("A repeating trigger fires on each crossing it asks for")
    func repeating() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try fixture.engine.setLocationAuthorization(.authorizedWhenInUse, for: fixture.app)
        try await fixture.engine.add(Self.request("both", entry: true, exit: true, repeats: true), for: fixture.app)
        let manual = ManualLocationProvider()
        let attachment = fixture.engine.attach(manual)
        defer { attachment.dispose() }
        for metres in [500.0, 10, 104, 99, 500, 10] {
            manual.send(Self.north(metres))
        }
        #expect(fixture.presentedIdentifiers == ["both", "both", "both"])
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).count == 1)
    }

    @Test("Being inside when the request is added does not fire entry")
    func insideAtAdd() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try fixture.engine.setLocationAuthorization(.authorizedWhenInUse, for: fixture.app)
        fixture.engine.updateLocation(Self.north(10))
        try await fixture.engine.add(Self.request("enter", entry: true, exit: false, repeats: true), for: fixture.app)
        fixture.engine.updateLocation(Self.north(20))
        #expect(fixture.presentedIdentifiers.isEmpty)
        fixture.engine.updateLocation(Self.north(500))
        fixture.engine.updateLocation(Self.north(20))
        #expect(fixture.presentedIdentifiers == ["enter"])
    }
}
