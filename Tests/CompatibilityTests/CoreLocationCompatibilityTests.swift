import CoreLocation
import Foundation
import LegacyNotifications
import NotificationEngine
import Signals
import Testing
import UserNotifications

/// Core Location's authorization API over the engine on virtual time: Apple's
/// iOS 14 code (`AppleCode/PlaceReminders.swift`) compiled unchanged in Swift 5
/// mode asks, hears the person's answer, and its location reminder fires.
@Suite("Apple's Core Location authorization code runs unchanged")
struct CoreLocationCompatibilityTests {
    static let app = "com.example.shop"

    @Test("The app asks, the person answers, the app adds its location reminder and it fires at the shop")
    func placeReminders() async throws {
        let harness = try Harness()
        let center = UNUserNotificationCenter(appIdentifier: Self.app, service: harness.engine)
        #expect(try await center.requestAuthorization(options: [.alert]))
        let manager = CLLocationManager(appIdentifier: Self.app, service: harness.engine)
        let reminders = PlaceReminders(manager: manager, center: center)
        let (handled, handler) = AsyncStream<(CLAuthorizationStatus, Bool)>.makeStream()
        reminders.onAuthorizationHandled = { status, error in handler.yield((status, error == nil)) }
        var events = handled.makeAsyncIterator()

        reminders.start()
        let first = await events.next()
        #expect(first?.0 == .notDetermined, "the delegate hears the status as the manager starts")
        await manager.waitForRequests()
        let asked = try harness.engine.locationAuthorization(for: AppIdentifier(Self.app))
        #expect(asked == LocationAuthorization(status: .notDetermined, requested: .whenInUse))
        #expect(manager.authorizationStatus == .notDetermined, "asking changes nothing until the person answers")
        #expect(await center.pendingNotificationRequests().isEmpty)

        try harness.engine.setLocationAuthorization(.authorizedWhenInUse, for: AppIdentifier(Self.app))
        let answered = await events.next()
        #expect(answered?.0 == .authorizedWhenInUse && answered?.1 == true, "the reminder was added")
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        let pending = await center.pendingNotificationRequests()
        #expect(pending.map(\.identifier) == ["shop"])
        #expect(((pending.first?.trigger as? UNLocationNotificationTrigger)?.region as? CLCircularRegion)?.radius == 100)

        harness.engine.updateLocation(Coordinate(latitude: 52.53, longitude: 13.405))  // ~1.1 km north
        #expect(harness.shown(of: Self.app).isEmpty)
        harness.engine.updateLocation(Coordinate(latitude: 52.52, longitude: 13.405))
        #expect(harness.shown(of: Self.app) == ["shop"])
    }

    @Test("A delegate set later hears the known status once, by both methods, on the main queue, then each change")
    func delegateHearsStatusOnceAndChanges() async throws {
        let harness = try Harness()
        let app = AppIdentifier("com.example.late")
        try harness.engine.setLocationAuthorization(.denied, for: app)
        let manager = CLLocationManager(appIdentifier: app.rawValue, service: harness.engine)
        let (heard, listener) = AsyncStream<String>.makeStream()
        let delegate = StatusListener(listener)
        var calls = heard.makeAsyncIterator()

        manager.delegate = delegate
        let first = await calls.next()
        #expect(first == "new 2 main")
        #expect(await calls.next() == "old 2 main")
        manager.delegate = delegate  // the same status to the same delegate: not told again
        try harness.engine.setLocationAuthorization(.authorizedAlways, for: app)
        #expect(await calls.next() == "new 3 main")
        #expect(await calls.next() == "old 3 main")
        #expect(manager.authorizationStatus == .authorizedAlways)

        // Asking for always after when-in-use is noted; the status stays.
        try harness.engine.setLocationAuthorization(.authorizedWhenInUse, for: app)
        #expect(await calls.next() == "new 4 main")
        #expect(await calls.next() == "old 4 main")
        manager.requestAlwaysAuthorization()
        await manager.waitForRequests()
        #expect(try harness.engine.locationAuthorization(for: app).requested == .always)
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
    }

    @Test("A request the service refuses is logged and reported on errors; nothing crashes or changes")
    func refusedRequestIsReported() async throws {
        let harness = try Harness()
        let manager = CLLocationManager(appIdentifier: "not an app id!", service: harness.engine)
        let reported = Recorder<Error>()
        let subscription = manager.errors.subscribeNext { reported.append($0) }
        defer { subscription.dispose() }

        manager.requestWhenInUseAuthorization()
        await manager.waitForRequests()
        let codes = reported.values.compactMap { ($0 as? NotificationError)?.code }
        #expect(codes.contains(.invalidAppIdentifier))
        #expect(manager.authorizationStatus == .notDetermined)
    }

    @Test("CLLocationManager() before any configure stops the program")
    func unconfiguredManagerStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = CLLocationManager()
        }
    }

    @Test("UNUserNotificationCenter.configure sets up CLLocationManager() for the same app and service")
    func centerConfiguresCoreLocation() async {
        await #expect(processExitsWith: .success) {
            let engine = try! NotificationEngine(store: .inMemory, scheduler: TestScheduler(startDate: Harness.start))
            try! UNUserNotificationCenter.configure(appIdentifier: "com.example.shop", service: engine)
            let manager = CLLocationManager()
            guard manager.appIdentifier == "com.example.shop" else { exit(1) }
            manager.requestWhenInUseAuthorization()
            await manager.waitForRequests()
            let asked = try! engine.locationAuthorization(for: "com.example.shop").requested
            exit(asked == .whenInUse && CLLocationManager.locationServicesEnabled() ? 0 : 1)
        }
    }

    @Test("UIApplication.configure sets up CLLocationManager() too; an explicit configure comes first")
    func applicationConfiguresCoreLocation() async {
        await #expect(processExitsWith: .success) {
            let engine = try! NotificationEngine(store: .inMemory, scheduler: TestScheduler(startDate: Harness.start))
            UIApplication.configure(appIdentifier: "com.example.legacy", service: engine)
            exit(CLLocationManager().appIdentifier == "com.example.legacy" ? 0 : 1)
        }
        await #expect(processExitsWith: .success) {
            let engine = try! NotificationEngine(store: .inMemory, scheduler: TestScheduler(startDate: Harness.start))
            CLLocationManager.configure(appIdentifier: "com.example.maps", service: engine)
            UIApplication.configure(appIdentifier: "com.example.legacy", service: engine)
            exit(CLLocationManager().appIdentifier == "com.example.maps" ? 0 : 1)
        }
    }

    @Test("The class methods read the configured app's status, kept up to date; a new manager starts from it")
    func classMethodsReadTheConfiguredApp() async {
        await #expect(processExitsWith: .success) {
            let engine = try! NotificationEngine(store: .inMemory, scheduler: TestScheduler(startDate: Harness.start))
            CLLocationManager.configure(appIdentifier: "com.example.maps", service: engine)
            CLLocationManager.configure(appIdentifier: "com.example.maps", service: engine)  // the same: nothing
            try! engine.setLocationAuthorization(.authorizedAlways, for: "com.example.maps")
            let reads: any DeprecatedReads = Reads()
            let known = reads.classStatus() == .authorizedAlways && CLLocationManager().authorizationStatus == .authorizedAlways
            exit(known && reads.authorizedAlias() == .authorizedAlways && CLLocationManager.locationServicesEnabled() ? 0 : 1)
        }
        await #expect(processExitsWith: .failure) {
            let engine = try! NotificationEngine(store: .inMemory, scheduler: TestScheduler(startDate: Harness.start))
            CLLocationManager.configure(appIdentifier: "com.example.maps", service: engine)
            CLLocationManager.configure(appIdentifier: "com.example.other", service: engine)
        }
        await #expect(processExitsWith: .failure) {
            _ = CLLocationManager.locationServicesEnabled()
        }
    }
}

/// Apple's deprecated reads, called through deprecated witnesses so that the
/// test compiles without deprecation warnings.
private protocol DeprecatedReads {
    func classStatus() -> CLAuthorizationStatus
    func authorizedAlias() -> CLAuthorizationStatus
}

private struct Reads: DeprecatedReads {
    @available(*, deprecated)
    func classStatus() -> CLAuthorizationStatus { CLLocationManager.authorizationStatus() }

    @available(*, deprecated)
    func authorizedAlias() -> CLAuthorizationStatus { .authorized }
}

/// A delegate that reports each call, its status and whether it ran on the main
/// queue (on Linux, the main queue is served by another thread than the main one
/// once `dispatch_main` runs, so the queue is recognised by a key of its own).
private final class StatusListener: NSObject, CLLocationManagerDelegate {
    private static let mainKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var onMainQueue: Bool { DispatchQueue.getSpecific(key: mainKey) == true }

    let listener: AsyncStream<String>.Continuation

    init(_ listener: AsyncStream<String>.Continuation) {
        self.listener = listener
        _ = Self.mainKey
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        listener.yield("new \(manager.authorizationStatus.rawValue) \(StatusListener.onMainQueue ? "main" : "other")")
    }

    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        listener.yield("old \(status.rawValue) \(StatusListener.onMainQueue ? "main" : "other")")
    }
}
