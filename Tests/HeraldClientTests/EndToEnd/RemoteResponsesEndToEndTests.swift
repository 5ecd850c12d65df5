import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import NotificationEngine
import Synchronization
import Testing
import UserNotifications

/// Answers reach an app's `UNUserNotificationCenterDelegate` over the daemon's
/// HTTP API however long the app was away: once, acknowledged after the delegate's
/// completion handler, across a restart of the daemon.
struct RemoteResponsesEndToEndTests {
    static let app = "com.example.chat"

    /// Waits, at most 60 s, until `condition` holds.
    static func wait(_ what: String, until condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while try await !condition() {
            try #require(ContinuousClock.now < deadline, "waited 60 s for \(what)")
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The daemon, its admin's client and the app's, the app registered and authorized.
    static func start(_ daemon: TestDaemon) async throws -> (admin: HeraldClient, app: HeraldClient) {
        let (url, adminToken) = try daemon.credentials()
        let admin = try HeraldClient(url: url, token: adminToken, environment: [:])
        let credentials = try await admin.registerApp(API.AppRegistration(identifier: app, name: "Chat"))
        let client = try HeraldClient(url: url, token: credentials.token, environment: [:])
        _ = try await client.requestAuthorization(options: ["alert"], for: app)
        return (admin, client)
    }

    /// Delivers a notification at once and answers it as the user; returns its delivery id.
    static func answer(_ identifier: String, admin: HeraldClient, app client: HeraldClient) async throws -> String {
        let request = API.Request(identifier: identifier, content: API.Content(title: identifier), trigger: nil)
        _ = try await client.add(request, for: app)
        let id = try #require(try await client.deliveredNotifications(for: app).last { $0.request.identifier == identifier }?.id)
        try await admin.respond(to: id, actionIdentifier: UNNotificationDefaultActionIdentifier)
        return id
    }

    @Test func anAnswerGivenWhileAwayReachesTheDelegateOnceAfterItsCompletionHandlerIsAcknowledged() async throws {
        let daemon = try await TestDaemon()
        let (admin, client) = try await Self.start(daemon)
        let away = try await Self.answer("away", admin: admin, app: client)

        let center = UNUserNotificationCenter(appIdentifier: Self.app, service: RemoteNotificationService(client: client))
        let delegate = HoldingDelegate()
        center.delegate = delegate
        try await Self.wait("the answer given while away") { delegate.received == ["away"] }
        #expect(try await client.waitingResponses(for: Self.app).map(\.delivery.id) == [away], "not before the completion handler")
        delegate.complete()
        try await Self.wait("the acknowledgement") { try await client.waitingResponses(for: Self.app).isEmpty }
        center.delegate = nil

        // The app's next run gets only what is new.
        let next = UNUserNotificationCenter(appIdentifier: Self.app, service: RemoteNotificationService(client: client))
        let nextDelegate = HoldingDelegate(completesAtOnce: true)
        next.delegate = nextDelegate
        let later = try await Self.answer("later", admin: admin, app: client)
        try await Self.wait("the new answer") { nextDelegate.received.contains("later") }
        try await Self.wait("its acknowledgement") { try await client.waitingResponses(for: Self.app).isEmpty }
        #expect(nextDelegate.received == ["later"])
        #expect(try await client.delivery(later).id == later)
        next.delegate = nil
        await daemon.stop()
    }

    @Test func theStreamOpensAgainAfterTheDaemonRestartsAndBringsTheAnswersGivenMeanwhile() async throws {
        let daemon = try await TestDaemon()
        let (admin, client) = try await Self.start(daemon)
        let center = UNUserNotificationCenter(appIdentifier: Self.app, service: RemoteNotificationService(client: client))
        let delegate = HoldingDelegate(completesAtOnce: true)
        center.delegate = delegate
        _ = try await Self.answer("before", admin: admin, app: client)
        try await Self.wait("the first answer") { delegate.received == ["before"] }

        let port = try daemon.port()
        await daemon.stop(removingData: false)
        let restarted = try await TestDaemon(directory: daemon.directory, port: port)
        _ = try await Self.answer("after", admin: admin, app: client)
        try await Self.wait("the answer given after the restart") { delegate.received.contains("after") }
        try await Self.wait("its acknowledgement") { try await client.waitingResponses(for: Self.app).isEmpty }
        #expect(delegate.received == ["before", "after"])
        center.delegate = nil
        await restarted.stop()
    }
}

/// A delegate that records each answer's request identifier and holds its completion
/// handler until told to call it (or calls it at once).
final class HoldingDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    private let state = Mutex<(received: [String], held: [@Sendable () -> Void])>(([], []))
    private let completesAtOnce: Bool

    init(completesAtOnce: Bool = false) {
        self.completesAtOnce = completesAtOnce
    }

    var received: [String] { state.withLock { $0.received } }

    /// Calls the completion handlers held so far.
    func complete() {
        state.withLock { state in defer { state.held = [] }; return state.held }.forEach { $0() }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        state.withLock { state in
            state.received.append(response.notification.request.identifier)
            if !completesAtOnce { state.held.append(completionHandler) }
        }
        if completesAtOnce { completionHandler() }
    }
}
