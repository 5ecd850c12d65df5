import Foundation
@testable import HeraldServer
import NotificationEngine
import PushService
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
