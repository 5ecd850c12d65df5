import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

/// A push reaching the device's engine, end to end: delivered as a local
/// notification without a trigger, collapsed, refused, or not shown. The routes
/// themselves are checked on the core (`RemoteNotificationPolicyTests`).
@Suite("Engine: remote notifications")
struct RemoteNotificationTests {
    static func push(
        _ title: String, body: String = "", collapse: String? = nil, category: String = "",
        contentAvailable: Bool = false
    ) -> RemoteNotification {
        RemoteNotification(
            id: UUID(),
            content: NotificationContent(
                title: title, body: body, userInfo: ["aps": ["alert": .string(title)], "chat": 42],
                categoryIdentifier: category),
            collapseIdentifier: collapse, isContentAvailable: contentAvailable)
    }

    @Test("An alert push is delivered at once with the push trigger, its id as the request identifier, nothing pending")
    func alertDelivered() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let push = Self.push("New message", body: "Lunch?")
        let result = try await fixture.engine.deliverRemoteNotification(push, for: fixture.app)
        #expect(result == .delivered(requestIdentifier: push.id.uuidString))
        let presented = try #require(fixture.presenter.presentations.first)
        #expect(presented.delivery.request.trigger == .push)
        #expect(presented.delivery.request.identifier == push.id.uuidString)
        #expect(presented.delivery.request.content.userInfo["chat"] == 42)
        let delivered = try await fixture.engine.deliveredNotifications(for: fixture.app)
        #expect(delivered.map(\.request) == [presented.delivery.request])
        #expect(try await fixture.engine.pendingRequests(for: fixture.app).isEmpty)
    }

    @Test("A later push with the same collapse identifier replaces the delivered one")
    func collapse() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        _ = try await fixture.engine.deliverRemoteNotification(Self.push("Score 1–0", collapse: "match-7"), for: fixture.app)
        let result = try await fixture.engine.deliverRemoteNotification(
            Self.push("Score 2–0", collapse: "match-7"), for: fixture.app)
        #expect(result == .delivered(requestIdentifier: "match-7"))
        let delivered = try await fixture.engine.deliveredNotifications(for: fixture.app)
        #expect(delivered.map(\.request.content.title) == ["Score 2–0"])
        #expect(fixture.presenter.withdrawn == [fixture.presenter.presentations[0].delivery.id])
    }

    /// Each push's result as text: the result, or the error's code.
    static func outcome(_ result: Result<RemoteDeliveryResult, any Error>) -> String {
        switch result {
        case .success(let delivered): "\(delivered)"
        case .failure(let error as NotificationError): "\(error.code)"
        case .failure(let error): "\(error)"
        }
    }

    @Test(
        "Pushes delivered as a group get what each gets alone, in order: alerts (more than the pending limit), a collapsed one replacing the earlier, a background and an empty push, a bad app identifier refused alone"
    )
    func groupAsOneByOne() async throws {
        let alerts = (1...70).map { Self.push("Alert \($0)") }
        let pushes: [(RemoteNotification, AppIdentifier)] =
            [(Self.push("Score 1–0", collapse: "match-7"), "com.example.app"), (Self.push("Bad"), "not an app!")]
            + alerts.map { ($0, "com.example.app") }
            + [
                (Self.push("Score 2–0", collapse: "match-7"), "com.example.app"),
                (Self.push("", contentAvailable: true), "com.example.app"), (Self.push(""), "com.example.app"),
            ]
        let alone = try EngineFixture()
        let grouped = try EngineFixture()
        try await alone.authorize()
        try await grouped.authorize()
        var aloneResults: [String] = []
        for (push, app) in pushes {
            do {
                aloneResults.append(Self.outcome(.success(try await alone.engine.deliverRemoteNotification(push, for: app))))
            } catch {
                aloneResults.append(Self.outcome(.failure(error)))
            }
        }
        let groupResults = grouped.engine.deliverRemoteEach(pushes.map { NotificationEngine.GroupedPush($0.0, for: $0.1) })
        #expect(groupResults.map(Self.outcome) == aloneResults)
        #expect(aloneResults.filter { $0.hasPrefix("delivered") }.count == 72)
        #expect(aloneResults[1] == "\(NotificationError.Code.invalidAppIdentifier)")
        let titles = { (fixture: EngineFixture) in
            try await fixture.engine.deliveredNotifications(for: fixture.app).map(\.request.content.title).sorted()
        }
        let groupedTitles = try await titles(grouped)
        #expect(try await groupedTitles == titles(alone))
        #expect(groupedTitles.contains("Score 2–0") && !groupedTitles.contains("Score 1–0"))
        #expect(grouped.presenter.presentations.count == alone.presenter.presentations.count)
        #expect(try await grouped.engine.pendingRequests(for: grouped.app).isEmpty)
    }

    @Test("An app not authorized does not show an alert push: the result says so, nothing is stored")
    func notAuthorized() async throws {
        let fixture = try EngineFixture { $0.authorizationPolicy = .denyAll }
        _ = try await fixture.engine.requestAuthorization(options: [.alert], for: fixture.app)
        let result = try await fixture.engine.deliverRemoteNotification(Self.push("Hidden"), for: fixture.app)
        #expect(result == .notAuthorized)
        #expect(fixture.presenter.presentations.isEmpty)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).isEmpty)
    }

    @Test("A background push is neither shown nor stored; one with nothing at all is dropped")
    func backgroundAndEmpty() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let background = try await fixture.engine.deliverRemoteNotification(
            Self.push("", contentAvailable: true), for: fixture.app)
        #expect(background == .background(reachedApp: false))
        #expect(try await fixture.engine.deliverRemoteNotification(Self.push(""), for: fixture.app) == .empty)
        #expect(fixture.presenter.presentations.isEmpty)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).isEmpty)
    }

    @Test("A push does not count against the pending limit: the app's pending requests all stay")
    func notLimited() async throws {
        let fixture = try EngineFixture { $0.pendingLimitPerApp = 2 }
        try await fixture.authorize()
        try await fixture.engine.add([EngineFixture.request("a", after: 60), EngineFixture.request("b", after: 90)], for: fixture.app)
        let push = Self.push("Pushed")
        let result = try await fixture.engine.deliverRemoteNotification(push, for: fixture.app)
        #expect(result == .delivered(requestIdentifier: push.id.uuidString))
        let pending = try await fixture.engine.pendingRequests(for: fixture.app)
        #expect(pending.map(\.request.identifier).sorted() == ["a", "b"])
        #expect(fixture.presentedIdentifiers.count == 1)
    }

    static let refused: [String: (RemoteNotification, NotificationError.Code)] = [
        "a title over the limit": (push(String(repeating: "x", count: 5_000)), .payloadTooLarge),
        "an empty collapse identifier": (
            RemoteNotification(id: UUID(), content: NotificationContent(title: "T"), collapseIdentifier: ""),
            .invalidIdentifier
        ),
    ]

    @Test("Content refused as any content is a typed error, and nothing changes", arguments: refused.keys.sorted())
    func refusedContent(name: String) async throws {
        let (push, code) = try #require(Self.refused[name])
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let error = await #expect(throws: NotificationError.self) {
            try await fixture.engine.deliverRemoteNotification(push, for: fixture.app)
        }
        #expect(error?.code == code)
        #expect(fixture.presenter.presentations.isEmpty)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).isEmpty)
    }

    @Test("A push of a category the app has not registered is shown without actions, its category kept, as on iOS")
    func unregisteredCategory() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let reply = NotificationAction(identifier: "like", title: "Like")
        try await fixture.engine.setCategories([NotificationCategory(identifier: "message", actions: [reply])], for: fixture.app)
        let push = Self.push("Hi", category: "invitation")
        #expect(try await fixture.engine.deliverRemoteNotification(push, for: fixture.app) == .delivered(requestIdentifier: push.id.uuidString))
        let presented = try #require(fixture.presenter.presentations.first)
        #expect(presented.actions.isEmpty)
        #expect(presented.delivery.request.content.categoryIdentifier == "invitation")
        let delivered = try await fixture.engine.deliveredNotifications(for: fixture.app)
        #expect(delivered.map(\.request.content.categoryIdentifier) == ["invitation"])
        let refused = await #expect(throws: NotificationError.self) {
            try await fixture.engine.respond(
                to: presented.delivery.id, actionIdentifier: "like", userText: nil, authenticated: true, for: fixture.app)
        }
        #expect(refused?.code == .invalidResponse)
        try await fixture.engine.respond(
            to: presented.delivery.id, actionIdentifier: NotificationAction.defaultIdentifier, userText: nil,
            authenticated: true, for: fixture.app)
    }

    @Test("An app's own request of a category it has not registered is still refused")
    func unregisteredCategoryLocal() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let request = NotificationRequest(
            identifier: "local", content: NotificationContent(title: "Hi", categoryIdentifier: "invitation"))
        let error = await #expect(throws: NotificationError.self) { try await fixture.engine.add(request, for: fixture.app) }
        #expect(error?.code == .unknownCategory)
        #expect(fixture.presenter.presentations.isEmpty)
    }

    @Test("In the foreground the app's willPresent decides, as for a local notification")
    func foreground() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let handler = ScriptedHandler(options: [.banner, .list])
        let connection = try await fixture.engine.connect(handler, for: fixture.app)
        defer { connection.dispose() }
        try await fixture.engine.setForeground(true, for: fixture.app)
        _ = try await fixture.engine.deliverRemoteNotification(Self.push("Hi", collapse: "c"), for: fixture.app)
        #expect(handler.asked.map(\.request.trigger) == [.push])
        #expect(fixture.presenter.presentations.map(\.style) == [.banner])
    }

    @Test("A push's category actions are presented, and the action pressed reaches the app as for a local one")
    func actions() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let reply = NotificationAction(identifier: "like", title: "Like")
        try await fixture.engine.setCategories([NotificationCategory(identifier: "message", actions: [reply])], for: fixture.app)
        _ = try await fixture.engine.deliverRemoteNotification(Self.push("Hi", category: "message"), for: fixture.app)
        let presented = try #require(fixture.presenter.presentations.first)
        #expect(presented.actions.map(\.identifier) == ["like"])
        let handler = ScriptedHandler(options: [])
        let connection = try await fixture.engine.connect(handler, for: fixture.app)
        defer { connection.dispose() }
        try await fixture.engine.respond(
            to: presented.delivery.id, actionIdentifier: "like", userText: nil, authenticated: false, for: fixture.app)
        #expect(handler.received.map(\.actionIdentifier) == ["like"])
        #expect(handler.received.first?.delivery.request.trigger == .push)
    }

    @Test("A background push reaches the connected app's fetch with its payload; nothing is shown or stored")
    func backgroundFetch() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let handler = FetchingHandler()
        let connection = try await fixture.engine.connect(handler, for: fixture.app)
        defer { connection.dispose() }
        let push = Self.push("", contentAvailable: true)
        let result = try await fixture.engine.deliverRemoteNotification(push, for: fixture.app)
        #expect(result == .background(reachedApp: true))
        #expect(handler.payloads == [push.content.userInfo])
        #expect(fixture.presenter.presentations.isEmpty)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).isEmpty)
    }

    @Test("An alert push asking for a fetch is shown and reaches the app's fetch too; so does one the user did not allow")
    func alertAndFetch() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let handler = FetchingHandler()
        let connection = try await fixture.engine.connect(handler, for: fixture.app)
        defer { connection.dispose() }
        let push = Self.push("New mail", collapse: "inbox", contentAvailable: true)
        #expect(try await fixture.engine.deliverRemoteNotification(push, for: fixture.app) == .delivered(requestIdentifier: "inbox"))
        #expect(fixture.presentedIdentifiers == ["inbox"])
        #expect(handler.payloads.count == 1)

        let denied = try EngineFixture { $0.authorizationPolicy = .denyAll }
        _ = try await denied.engine.requestAuthorization(options: [.alert], for: denied.app)
        let deniedHandler = FetchingHandler()
        let deniedConnection = try await denied.engine.connect(deniedHandler, for: denied.app)
        defer { deniedConnection.dispose() }
        #expect(try await denied.engine.deliverRemoteNotification(push, for: denied.app) == .notAuthorized)
        #expect(deniedHandler.payloads.count == 1)
    }

    @Test(
        "Every push asking for a fetch is announced on events with its id and payload, a handler connected or not",
        arguments: [false, true])
    func announced(connected: Bool) async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let events = Recorded<NotificationEvent>()
        let watching = fixture.engine.events.subscribeNext { events.append($0) }
        defer { watching.dispose() }
        let handler = FetchingHandler()
        let connection = connected ? try await fixture.engine.connect(handler, for: fixture.app) : nil
        defer { connection?.dispose() }

        let background = Self.push("", contentAvailable: true)
        let alert = Self.push("New mail", contentAvailable: true)
        _ = try await fixture.engine.deliverRemoteNotification(background, for: fixture.app)
        _ = try await fixture.engine.deliverRemoteNotification(Self.push("No fetch"), for: fixture.app)
        _ = try await fixture.engine.deliverRemoteNotification(alert, for: fixture.app)

        let announced = events.values.filter {
            if case .remoteNotificationReceived = $0 { true } else { false }
        }
        #expect(announced == [
            .remoteNotificationReceived(app: fixture.app, id: background.id, userInfo: background.content.userInfo),
            .remoteNotificationReceived(app: fixture.app, id: alert.id, userInfo: alert.content.userInfo),
        ])
        #expect(handler.payloads.count == (connected ? 2 : 0), "the in-process handler as before")
    }
}

/// An app handler that records the pushes its background fetch gets and
/// completes each with `.newData`.
final class FetchingHandler: NotificationAppHandler {
    private let state = Mutex<[[String: JSONValue]]>([])

    var payloads: [[String: JSONValue]] { state.withLock { $0 } }

    func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void) {
        completionHandler([.banner, .list])
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
