import CoreLocation
import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import NotificationEngine
import Testing
import UserNotifications

/// Core Location's `CLLocationManager` over the daemon's HTTP API: the app asks,
/// the person answers through the admin API, the delegate hears it from the
/// event stream, and the app's location request is pending at the daemon.
struct RemoteLocationAuthorizationEndToEndTests {
    static let app = "com.example.chat"

    @Test func theAppAsksThePersonAnswersAndTheDelegateHearsIt() async throws {
        let daemon = try await TestDaemon()
        let (admin, client) = try await RemoteResponsesEndToEndTests.start(daemon)
        let service = RemoteNotificationService(client: client)
        let manager = CLLocationManager(appIdentifier: Self.app, service: service)
        let (heard, listener) = AsyncStream<CLAuthorizationStatus>.makeStream()
        let delegate = AuthorizationListener(listener)
        var statuses = heard.makeAsyncIterator()

        manager.delegate = delegate
        manager.requestWhenInUseAuthorization()
        #expect(await statuses.next() == .notDetermined)
        await manager.waitForRequests()
        let asked = try await client.location(for: Self.app)
        #expect(asked.status == "notDetermined" && asked.requested == "whenInUse")
        #expect(try await service.locationAuthorization(for: AppIdentifier(Self.app)).requested == .whenInUse)
        #expect(try await service.locationServicesEnabled(for: AppIdentifier(Self.app)) == false, "--location off")

        _ = try await admin.answerLocationAuthorization("authorizedWhenInUse", for: Self.app)
        #expect(await statuses.next() == .authorizedWhenInUse)
        #expect(manager.authorizationStatus == .authorizedWhenInUse)

        let center = UNUserNotificationCenter(appIdentifier: Self.app, service: service)
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405), radius: 100, identifier: "shop")
        let content = UNMutableNotificationContent()
        content.title = "You are at the shop"
        try await center.add(
            UNNotificationRequest(
                identifier: "shop", content: content, trigger: UNLocationNotificationTrigger(region: region, repeats: false)))
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["shop"])
        #expect(try await client.location(for: Self.app).regions == 1)
        await daemon.stop()
    }
}

/// A delegate that hands on each status it hears.
private final class AuthorizationListener: NSObject, CLLocationManagerDelegate {
    let listener: AsyncStream<CLAuthorizationStatus>.Continuation

    init(_ listener: AsyncStream<CLAuthorizationStatus>.Continuation) {
        self.listener = listener
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        listener.yield(manager.authorizationStatus)
    }
}
