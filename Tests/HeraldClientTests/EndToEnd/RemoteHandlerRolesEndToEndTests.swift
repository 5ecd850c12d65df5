import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import NotificationEngine
import Signals
import Synchronization
import Testing
import UserNotifications

/// An answer reaches one handler of an app connected over the daemon's HTTP API,
/// as it reaches one in process: the notification handler
/// (`UNUserNotificationCenter`'s), else the application handler
/// (`UIApplication`'s); it is acknowledged once and not sent again.
struct RemoteHandlerRolesEndToEndTests {
    static let app: AppIdentifier = "com.example.chat"

    @Test func anAnswerReachesTheNotificationHandlerOnceElseTheApplicationHandler() async throws {
        let daemon = try await TestDaemon()
        let (admin, client) = try await RemoteResponsesEndToEndTests.start(daemon)
        let service = RemoteNotificationService(client: client)
        let device = try await service.registerForRemoteNotifications(for: Self.app)
        let center = RoleRecorder(role: .notifications)
        let application = RoleRecorder(role: .application)
        let centerConnection = try await service.connect(center, for: Self.app)
        let applicationConnection = try await service.connect(application, for: Self.app)

        _ = try await RemoteResponsesEndToEndTests.answer("first", admin: admin, app: client)
        // A background push after it goes to the application handler: once it has
        // the push, its stream has brought the answer before it.
        let push = API.PushSend(
            deviceToken: device.map { String(format: "%02x", $0) }.joined(), pushType: "background",
            payload: .object(["aps": ["content-available": 1]]), priority: 5)
        #expect(try await admin.sendPush(push).status == 200)
        try await RemoteResponsesEndToEndTests.wait("the answer and the push") {
            center.received == ["first"] && application.fetches == 1
        }
        try await RemoteResponsesEndToEndTests.wait("the acknowledgement") {
            try await client.waitingResponses(for: Self.app.rawValue).isEmpty
        }
        #expect(application.received == [], "the notification handler had it")
        centerConnection.dispose()
        applicationConnection.dispose()

        // The app's next run, with only its application handler: only what is new.
        let later = RoleRecorder(role: .application)
        let laterConnection = try await service.connect(later, for: Self.app)
        _ = try await RemoteResponsesEndToEndTests.answer("second", admin: admin, app: client)
        try await RemoteResponsesEndToEndTests.wait("the new answer") { later.received.contains("second") }
        try await RemoteResponsesEndToEndTests.wait("its acknowledgement") {
            try await client.waitingResponses(for: Self.app.rawValue).isEmpty
        }
        #expect(later.received == ["second"], "the first was acknowledged")
        #expect(center.received == ["first"])
        laterConnection.dispose()
        await daemon.stop()
    }
}

/// An app handler of one role that records the request identifier of each answer
/// it gets and how many background fetches it did; completes each at once.
private final class RoleRecorder: NotificationAppHandler {
    let role: AppHandlerRole
    private let state = Mutex<(received: [String], fetches: Int)>(([], 0))

    init(role: AppHandlerRole) {
        self.role = role
    }

    var received: [String] { state.withLock { $0.received } }
    var fetches: Int { state.withLock { $0.fetches } }

    func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void) {
        completionHandler([])
    }

    func didReceive(_ response: NotificationResponse, completionHandler: @escaping @Sendable () -> Void) {
        state.withLock { $0.received.append(response.delivery.request.identifier) }
        completionHandler()
    }

    func didReceiveRemoteNotification(
        _ userInfo: [String: JSONValue], completionHandler: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) {
        state.withLock { $0.fetches += 1 }
        completionHandler(.newData)
    }
}
