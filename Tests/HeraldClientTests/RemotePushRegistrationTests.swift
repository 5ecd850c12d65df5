import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import NotificationEngine
import Testing

/// Registering for remote notifications over HTTP, against canned daemon answers.
struct RemotePushRegistrationTests {
    private static let hex = String(repeating: "0f", count: 16) + String(repeating: "a1", count: 16)

    private func service(_ server: HTTPTestServer) -> RemoteNotificationService {
        RemoteNotificationService(client: HeraldClient(endpoint: .init(url: URL(string: server.url)!, token: "app-token")))
    }

    @Test("The three calls go to /v1/push/registration naming the app, and the token comes back as its 32 bytes")
    func calls() async throws {
        let server = try HTTPTestServer { request in
            switch request.method {
            case "POST": CannedResponse(200, #"{"deviceToken":"\#(Self.hex)"}"#)
            case "GET": CannedResponse(200, #"{"registered":true}"#)
            default: CannedResponse(204)
            }
        }
        let service = service(server)
        let token = try await service.registerForRemoteNotifications(for: "com.example.chat")
        #expect(token == Data(repeating: 0x0f, count: 16) + Data(repeating: 0xa1, count: 16))
        #expect(try await service.isRegisteredForRemoteNotifications(for: "com.example.chat"))
        try await service.unregisterForRemoteNotifications(for: "com.example.chat")
        #expect(server.requests.map { "\($0.method) \($0.target)" } == [
            "POST /v1/push/registration?app=com.example.chat", "GET /v1/push/registration?app=com.example.chat",
            "DELETE /v1/push/registration?app=com.example.chat",
        ])
    }

    @Test("No push service is the engine's remoteNotificationsUnavailable; a token that is not 64 hex digits is refused")
    func refusals() async throws {
        let server = try HTTPTestServer { request in
            switch request.method {
            case "POST": CannedResponse(200, #"{"deviceToken":"\#(Self.hex.dropLast())g"}"#)
            default:
                CannedResponse(409, #"{"error":{"code":"remoteNotificationsUnavailable","message":"no push service"}}"#)
            }
        }
        let service = service(server)
        let unavailable = await #expect(throws: NotificationError.self) {
            try await service.isRegisteredForRemoteNotifications(for: "com.example.chat")
        }
        #expect(unavailable == NotificationError(.remoteNotificationsUnavailable, "no push service"))
        let malformed = await #expect(throws: NotificationError.self) {
            try await service.registerForRemoteNotifications(for: "com.example.chat")
        }
        #expect(malformed?.code == .invalidPayload)
    }
}
