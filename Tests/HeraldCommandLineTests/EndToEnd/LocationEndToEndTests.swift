import Foundation
import HeraldTestSupport
import Testing

/// `herald location` against a real `herald serve` (without `--location`).
@Suite(.serialized)
struct LocationEndToEndTests {
    private static let app = "com.example.place"

    @Test func theAppAsksThePersonAnswersAndBothSeeWhyTriggersWait() async throws {
        let daemon = try await TestDaemon()
        #expect(try await daemon.herald("apps", "register", Self.app, "--name", "Place").status == 0)

        let asked = try await daemon.herald("location", "request", "--app", Self.app)
        #expect(asked.status == 0, "\(asked.errors)")
        #expect(asked.output == "\(Self.app)  notDetermined (0), asks for whenInUse, 0 regions, triggers wait: notAuthorized\n")

        let answered = try await daemon.herald("location", "answer", "--app", Self.app, "authorizedWhenInUse")
        #expect(answered.output == "\(Self.app)  authorizedWhenInUse (4), 0 regions, triggers wait: locationOff\n")

        let shown = try await daemon.herald("location", "show", "--json").json()
        #expect(shown["service"] as? String == "off")
        let apps = try #require(shown["apps"] as? [[String: Any]])
        let place = try #require(apps.first { $0["app"] as? String == Self.app })
        #expect(place["authorizationStatus"] as? Int == 4)
        #expect(place["waiting"] as? String == "locationOff")

        let refused = try await daemon.herald("location", "answer", "--app", Self.app, "sometimes")
        #expect(refused.status == 2)
        await daemon.stop()
    }
}
