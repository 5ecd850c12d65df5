import Foundation
@testable import HeraldServer
import NotificationEngine
import PushService
import Signals
import Testing

/// The push service handing accepted pushes to the daemon's own engine.
@Suite("Pushes to this machine's engine")
struct LocalDeliveryTests {
    @Test(
        "the engine's refusals become Apple's reasons",
        arguments: [
            (NotificationError.Code.payloadTooLarge, APNsReason.payloadTooLarge),
            (.invalidPayload, .payloadTooLarge),
            (.invalidAppIdentifier, .badTopic),
            (.serviceUnavailable, .serviceUnavailable),
            (.storeFailure, .internalServerError),
            (.unknownCategory, .internalServerError),
        ])
    func refusals(_ code: NotificationError.Code, _ reason: APNsReason) {
        #expect(LocalDelivery.refusal(for: NotificationError(code, "refused")).reason == reason)
    }

    @Test("a registration of another machine is not this node's to deliver: ServiceUnavailable, and nothing is shown")
    func otherDevice() async throws {
        let daemon = try TestDaemon()
        let deliver = LocalDelivery.to(daemon.daemon.engine)
        let registration = DeviceRegistration(
            token: DeviceToken(), app: "com.example.chat", device: "laptop", registeredAt: Date())
        let push = RemoteNotification(id: UUID(), content: NotificationContent(title: "Hi"))
        let refusal = await #expect(throws: APNsRefusal.self) {
            try await deliver(push, registration, try PushHeaders([("apns-topic", "com.example.chat")]))
        }
        #expect(refusal?.reason == .serviceUnavailable)
        #expect(try await daemon.daemon.engine.deliveredNotifications(for: "com.example.chat").isEmpty)
    }
}

extension LocalDeliveryTests {
    /// An extension that never calls its content handler.
    struct SilentExtension: ServiceExtensionHandler {
        func didReceive(
            _ request: NotificationRequest, withContentHandler contentHandler: @escaping @Sendable (NotificationContent) -> Void
        ) {}
        func serviceExtensionTimeWillExpire() {}
    }

    @Test(
        "a mutable-content push is answered at once; the app's extension has its 30 s on the device after",
        .timeLimit(.minutes(2)))
    func mutableContentAnsweredAtOnce() async throws {
        let test = try TestDaemon()
        let engine = test.daemon.engine
        let app: AppIdentifier = "com.example.chat"
        _ = try await engine.requestAuthorization(options: [.alert], for: app)
        let connection = try await engine.connectServiceExtension({ SilentExtension() }, for: app)
        defer { connection.dispose() }
        let registration = DeviceRegistration(token: DeviceToken(), app: app.rawValue, device: "local", registeredAt: Date())
        let push = RemoteNotification(
            id: UUID(), content: NotificationContent(title: "As sent"), collapseIdentifier: "m", isMutableContent: true)
        // Returns while the extension still holds the push: the engine's clock has not moved.
        try await LocalDelivery.to(engine)(push, registration, try PushHeaders([("apns-topic", app.rawValue)]))
        #expect(try await engine.deliveredNotifications(for: app).isEmpty)
        let clock = try #require(test.daemon.services.virtualClock)
        let deadline = ContinuousClock.now + .seconds(60)
        while try await engine.deliveredNotifications(for: app).isEmpty, ContinuousClock.now < deadline {
            clock.advance(by: 31)
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try await engine.deliveredNotifications(for: app).map(\.request.content.title) == ["As sent"])
    }
}
