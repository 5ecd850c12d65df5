import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import NotificationEngine
import Signals
import Synchronization
import Testing

/// A background push reaches an app connected over the daemon's HTTP API, as it
/// reaches one in process: the application handler's `didReceiveRemoteNotification`
/// gets its payload, else the notification handler's; a push that came while
/// the app was not connected is not handed over later.
struct RemoteBackgroundPushEndToEndTests {
    static let app: AppIdentifier = "com.example.chat"

    /// A background push numbered `n`, as a server sends it.
    static func payload(_ n: Int) -> [String: JSONValue] {
        ["aps": ["content-available": 1], "k": "v", "n": .number(Double(n))]
    }

    @Test func aBackgroundPushReachesTheApplicationHandlerElseTheNotificationHandler() async throws {
        let daemon = try await TestDaemon()
        let (url, adminToken) = try daemon.credentials()
        let admin = try HeraldClient(url: url, token: adminToken, environment: [:])
        let credentials = try await admin.registerApp(API.AppRegistration(identifier: Self.app.rawValue, name: "Chat"))
        let service = RemoteNotificationService(client: try HeraldClient(url: url, token: credentials.token, environment: [:]))
        let device = try await service.registerForRemoteNotifications(for: Self.app)
        let send: @Sendable (Int) async throws -> Void = { n in
            let push = API.PushSend(
                deviceToken: device.map { String(format: "%02x", $0) }.joined(), pushType: "background",
                payload: .object(Self.payload(n)), priority: 5)
            let answer = try await admin.sendPush(push)
            #expect(answer.status == 200)
        }

        let center = FetchRecorder(role: .notifications)
        let application = FetchRecorder(role: .application)
        let centerConnection = try await service.connect(center, for: Self.app)
        let applicationConnection = try await service.connect(application, for: Self.app)
        try await send(1)
        try await Self.wait("the application handler's fetch") { application.payloads.count == 1 }

        applicationConnection.dispose()
        try await send(2)
        try await Self.wait("the notification handler's fetch") { center.payloads.count == 1 }
        // Each stream brings the pushes in order: the center's had push 1 before push 2, and let it be.
        #expect(application.payloads == [Self.payload(1)])
        #expect(center.payloads == [Self.payload(2)])

        centerConnection.dispose()
        try await send(3)
        let later = FetchRecorder(role: .application)
        let laterConnection = try await service.connect(later, for: Self.app)
        try await send(4)
        try await Self.wait("the fetch of the handler connected later") { later.payloads.count == 1 }
        #expect(later.payloads == [Self.payload(4)], "push 3 came while no handler was connected")
        laterConnection.dispose()
        await daemon.stop()
    }

    /// Waits, at most 60 s, until `condition` holds.
    static func wait(_ what: String, until condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while !condition() {
            try #require(ContinuousClock.now < deadline, "waited 60 s for \(what)")
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// An app handler of one role that records the payloads its background fetch
/// gets and completes each with `.newData`.
private final class FetchRecorder: NotificationAppHandler {
    let role: AppHandlerRole
    private let state = Mutex<[[String: JSONValue]]>([])

    init(role: AppHandlerRole) {
        self.role = role
    }

    var payloads: [[String: JSONValue]] { state.withLock { $0 } }

    func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void) {
        completionHandler([])
    }

    func didReceive(_ response: NotificationResponse, completionHandler: @escaping @Sendable () -> Void) {
        completionHandler()
    }

    func didReceiveRemoteNotification(
        _ userInfo: [String: JSONValue], completionHandler: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) {
        state.withLock { $0.append(userInfo) }
        completionHandler(.newData)
    }
}
