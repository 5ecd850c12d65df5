import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

/// An app connected twice, as an iOS app is through `UNUserNotificationCenter`
/// and `UIApplication`: notifications go to its notification handler,
/// background pushes to its application handler, each falling back on the other.
@Suite("Engine: an app's notification and application handlers")
struct AppHandlerRoleTests {
    static let background = RemoteNotification(
        id: UUID(), content: NotificationContent(userInfo: ["sync": true]), isContentAvailable: true)

    /// A request delivered at once.
    static func now(_ identifier: String) -> NotificationRequest {
        NotificationRequest(identifier: identifier, content: NotificationContent(title: "T"))
    }

    @Test("With both connected, in either order, willPresent goes to the notification handler, pushes to the application's",
        arguments: [false, true])
    func both(applicationFirst: Bool) async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let notifications = ScriptedHandler(options: [.banner])
        let application = ApplicationRoleHandler()
        var connections: [any Disposable] = []
        for connectsApplication in applicationFirst ? [true, false] : [false, true] {
            connections.append(
                connectsApplication
                    ? try await fixture.engine.connect(application, for: fixture.app)
                    : try await fixture.engine.connect(notifications, for: fixture.app))
        }
        defer { connections.forEach { $0.dispose() } }
        try await fixture.engine.setForeground(true, for: fixture.app)
        try await fixture.engine.add(Self.now("now"), for: fixture.app)
        #expect(notifications.asked.map(\.request.identifier) == ["now"])
        #expect(application.fetcher.payloads.isEmpty && application.asked == 0)
        #expect(try await fixture.engine.deliverRemoteNotification(Self.background, for: fixture.app) == .background(reachedApp: true))
        #expect(application.fetcher.payloads.count == 1)
    }

    @Test("Each alone does all; the application handler gets notifications once the notification handler leaves")
    func fallBack() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.setForeground(true, for: fixture.app)
        let notifications = FetchingHandler()
        let connection = try await fixture.engine.connect(notifications, for: fixture.app)
        _ = try await fixture.engine.deliverRemoteNotification(Self.background, for: fixture.app)
        #expect(notifications.payloads.count == 1)
        let application = ApplicationRoleHandler()
        let applicationConnection = try await fixture.engine.connect(application, for: fixture.app)
        defer { applicationConnection.dispose() }
        connection.dispose()
        try await fixture.engine.add(Self.now("later"), for: fixture.app)
        #expect(application.asked == 1)
    }

    @Test("Responses waiting at a connection go to the handler that receives notifications, not to one beside it")
    func waitingResponses() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try await fixture.engine.add(Self.now("tap"), for: fixture.app)
        let delivery = try #require(fixture.presenter.presentations.first?.delivery)
        try await fixture.engine.respond(
            to: delivery.id, actionIdentifier: NotificationAction.defaultIdentifier, userText: nil, authenticated: true,
            for: fixture.app)
        let notifications = ScriptedHandler(options: [])
        let connection = try await fixture.engine.connect(notifications, for: fixture.app)
        defer { connection.dispose() }
        let application = ApplicationRoleHandler()
        let applicationConnection = try await fixture.engine.connect(application, for: fixture.app)
        defer { applicationConnection.dispose() }
        #expect(notifications.received.map(\.delivery.id) == [delivery.id])
        #expect(application.responses == 0)
    }
}

/// A handler in the application's role (as `UIApplication`'s) that counts what
/// reaches it and fetches as ``FetchingHandler`` does.
final class ApplicationRoleHandler: NotificationAppHandler {
    let fetcher = FetchingHandler()
    private let counts = Mutex((asked: 0, responses: 0))

    var role: AppHandlerRole { .application }
    var asked: Int { counts.withLock { $0.asked } }
    var responses: Int { counts.withLock { $0.responses } }

    func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void) {
        counts.withLock { $0.asked += 1 }
        completionHandler([])
    }

    func didReceive(_ response: NotificationResponse, completionHandler: @escaping @Sendable () -> Void) {
        counts.withLock { $0.responses += 1 }
        completionHandler()
    }

    func didReceiveRemoteNotification(
        _ userInfo: [String: JSONValue], completionHandler: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) {
        fetcher.didReceiveRemoteNotification(userInfo, completionHandler: completionHandler)
    }
}
