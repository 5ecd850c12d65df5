@testable import DesktopNotifications
import Foundation
import HeraldTestSupport
import NotificationEngine
import Signals
import Synchronization
import Testing

/// The desktop presenter against python-dbusmock's notification server on a private
/// session bus: the exact `Notify` calls, and the server's signals driven back.
@Suite("Desktop notifications over D-Bus", .serialized, .offThePool)
struct DesktopPresenterBusTests {
    @Test("The Shopping List reminder reaches the server as one exact Notify call")
    func exactNotify() async throws {
        let fixture = try await DesktopFixture()
        _ = try await fixture.deliver()
        let call = try #require(try fixture.desktop.notifyCalls().first)
        #expect(call.count == 8)
        #expect(call[0] == .string("Shopping List"))
        #expect(call[1] == .uint32(0))
        #expect(call[3] == .string("Shopping List"))
        #expect(call[4] == .string("Don&apos;t forget your shopping list!"))
        #expect(call[5].strings == ["default", "Open", "justInform", "OK, got it", "editList", "Edit list", "trashAction", "Delete list"])
        let hints = try #require(call[6].dictionary)
        #expect(hints["desktop-entry"] == .string("herald-com.example.shopping"))
        #expect(hints["urgency"] == .byte(1))
        #expect(hints["sound-name"] == .string("message-new-instant"))
        #expect(call[7] == .int32(0), "an alert stays until answered")
    }

    @Test("Delete list pressed on the desktop answers the delivery without opening the app")
    func backgroundAction() async throws {
        let fixture = try await DesktopFixture()
        let recorder = ResponseRecorder(fixture.engine, app: fixture.app)
        let (delivery, serverID) = try await fixture.deliver()
        try fixture.desktop.emit("ActionInvoked", "us", [.uint32(serverID), .string("trashAction")])
        let response = try await fixture.response(to: delivery.id, recorder: recorder)
        #expect(response.actionIdentifier == "trashAction")
        #expect(try await !fixture.isListed(delivery.id))
        #expect(fixture.opener.urls.isEmpty)
    }

    @Test("A click opens the app's page with the server's activation token")
    func click() async throws {
        let fixture = try await DesktopFixture()
        let recorder = ResponseRecorder(fixture.engine, app: fixture.app)
        let (delivery, serverID) = try await fixture.deliver()
        try fixture.desktop.emit("ActivationToken", "us", [.uint32(serverID), .string("token-1")])
        try fixture.desktop.emit("ActionInvoked", "us", [.uint32(serverID), .string("default")])
        let response = try await fixture.response(to: delivery.id, recorder: recorder)
        #expect(response.actionIdentifier == NotificationAction.defaultIdentifier)
        try await MockDesktop.eventually("the app to open") { !fixture.opener.urls.isEmpty }
        #expect(fixture.opener.urls == ["http://127.0.0.1:7878/apps/shopping-list/"])
        #expect(fixture.opener.tokens == ["token-1"])
    }

    @Test("A dismissal reaches the app only for a category with the custom dismiss action")
    func dismissal() async throws {
        let fixture = try await DesktopFixture()
        let recorder = ResponseRecorder(fixture.engine, app: fixture.app)
        let (plain, plainID) = try await fixture.deliver("plain")
        let (reporting, reportingID) = try await fixture.deliver("reporting", category: "dismissible")
        try fixture.desktop.emit("NotificationClosed", "uu", [.uint32(plainID), .uint32(2)])
        try fixture.desktop.emit("NotificationClosed", "uu", [.uint32(reportingID), .uint32(2)])
        let response = try await fixture.response(to: reporting.id, recorder: recorder)
        #expect(response.actionIdentifier == NotificationAction.dismissIdentifier)
        #expect(!recorder.responses.contains { $0.delivery.id == plain.id })
        #expect(try await fixture.isListed(plain.id), "a plain dismissal leaves it in the notification center")
    }

    @Test("A reply typed into KDE's inline reply reaches the app with its text")
    func inlineReply() async throws {
        let fixture = try await DesktopFixture(capabilities: ["actions", "body", "inline-reply"])
        let recorder = ResponseRecorder(fixture.engine, app: fixture.app)
        let (delivery, serverID) = try await fixture.deliver("chat", category: "chat")
        let call = try #require(try fixture.desktop.notifyCalls().last)
        #expect(call[5].strings == ["default", "Open", "inline-reply", "Reply"])
        try fixture.desktop.emit("NotificationReplied", "us", [.uint32(serverID), .string("on my way")])
        let response = try await fixture.response(to: delivery.id, recorder: recorder)
        #expect(response.actionIdentifier == "reply")
        #expect(response.userText == "on my way")
    }

    @Test("Without inline-reply a text action opens the web center's reply box; it is never lost")
    func replyFallback() async throws {
        let fixture = try await DesktopFixture()
        let (delivery, serverID) = try await fixture.deliver("chat", category: "chat")
        try fixture.desktop.emit("ActionInvoked", "us", [.uint32(serverID), .string("reply")])
        try await MockDesktop.eventually("the reply box to open") { !fixture.opener.urls.isEmpty }
        #expect(fixture.opener.urls == ["http://127.0.0.1:7878/?reply=\(delivery.id)&action=reply"])
        #expect(try await fixture.isListed(delivery.id), "still waiting for its answer in the web center")
    }

    @Test("Without the actions capability no actions are sent and the body says where to answer")
    func noActions() async throws {
        let fixture = try await DesktopFixture(capabilities: ["body"])
        _ = try await fixture.deliver()
        let call = try #require(try fixture.desktop.notifyCalls().first)
        #expect(call[5].strings == [])
        #expect(call[4] == .string("Don't forget your shopping list!\nAnswer in the Herald notification center: http://127.0.0.1:7878"))
    }

    @Test("A newer delivery of the same identifier replaces the notification in place; an answer elsewhere closes it")
    func replaceAndClose() async throws {
        let fixture = try await DesktopFixture()
        let (_, first) = try await fixture.deliver()
        let (second, replacedID) = try await fixture.deliver()
        #expect(try fixture.desktop.notifyCalls().last?[1] == .uint32(first))
        #expect(replacedID == first)
        #expect(try !fixture.desktop.calls().contains { $0.method == "CloseNotification" })
        try fixture.engine.respond(to: second.id, actionIdentifier: "justInform", authenticated: true)
        try await MockDesktop.eventually("CloseNotification") {
            fixture.presenter.flush()
            // The spec's id is a UINT32; dbusmock's template declares it `i` and records it so.
            return try fixture.desktop.calls().contains {
                $0.method == "CloseNotification" && [[.uint32(first)], [.int32(Int32(first))]].contains($0.arguments)
            }
        }
    }

    @Test("A server that restarts is shown the unanswered alert again; signals of the old one are ignored")
    func serverRestart() async throws {
        let fixture = try await DesktopFixture()
        let recorder = ResponseRecorder(fixture.engine, app: fixture.app)
        let (delivery, _) = try await fixture.deliver()
        try fixture.desktop.stopServer()
        try await fixture.desktop.startServer(capabilities: ["actions", "body"])
        try await MockDesktop.eventually("Notify on the new server") {
            fixture.presenter.flush()
            return try fixture.desktop.notifyCalls().count == 1
        }
        let serverID = try await fixture.waitForServerID(of: delivery.id)
        #expect(try fixture.desktop.notifyCalls().first?[4] == .string("Don't forget your shopping list!"), "the new server has no markup")
        try fixture.desktop.emit("ActionInvoked", "us", [.uint32(serverID), .string("justInform")])
        #expect(try await fixture.response(to: delivery.id, recorder: recorder).actionIdentifier == "justInform")
    }

    @Test("Delete list pressed while the session is locked waits, is asked again at unlock, then runs")
    func lockedSession() async throws {
        let fixture = try await DesktopFixture()
        let system = try await fixture.desktop.startLogind()
        fixture.presenter.followSessionLock(environment: fixture.desktop.environment)
        let recorder = ResponseRecorder(fixture.engine, app: fixture.app)
        let (delivery, serverID) = try await fixture.deliver()
        try fixture.desktop.setLocked(true, on: system)
        try await MockDesktop.eventually("the lock") { fixture.presenter.state.withLock { $0.isLocked } }
        try fixture.desktop.emit("ActionInvoked", "us", [.uint32(serverID), .string("trashAction")])
        try await MockDesktop.eventually("the action to be held") { fixture.presenter.state.withLock { $0.isHeld(delivery.id) } }
        #expect(try await fixture.isListed(delivery.id))
        try fixture.desktop.setLocked(false, on: system)
        try await MockDesktop.eventually("Notify again after unlock") {
            fixture.presenter.flush()
            return try fixture.desktop.notifyCalls().count == 2
        }
        let again = try await fixture.waitForServerID(of: delivery.id)
        try fixture.desktop.emit("ActionInvoked", "us", [.uint32(again), .string("trashAction")])
        #expect(try await fixture.response(to: delivery.id, recorder: recorder).actionIdentifier == "trashAction")
    }

    @Test("A server that does not answer in time loses nothing: the delivery stays in the notification center, and the next one goes out")
    func callTimesOut() async throws {
        let fixture = try await DesktopFixture(callTimeout: .milliseconds(300))
        try fixture.desktop.slowDown(by: 1)
        try await fixture.engine.add(
            NotificationRequest(identifier: "slow", content: NotificationContent(title: "Slow"), trigger: nil), for: fixture.app)
        fixture.presenter.flush()
        #expect(try await fixture.isListed(try #require(try await fixture.engine.deliveredNotifications(for: fixture.app).first).id))
        #expect(fixture.presenter.state.withLock { $0.entries.isEmpty }, "not counted as shown")
        try fixture.desktop.stopServer()
        try await fixture.desktop.startServer(capabilities: ["actions", "body"])
        let (delivery, _) = try await fixture.deliver("next")
        #expect(try await fixture.isListed(delivery.id))
    }

    @Test("An image attachment is shown from the engine's stored copy (image-path)")
    func imageAttachment() async throws {
        let fixture = try await DesktopFixture(onSQLite: true)
        let image = try NotificationAttachment.data(identifier: "photo", bytes: AttachmentSamples.png, fileName: "milk.png")
        _ = try await fixture.deliver(attachments: [image])
        let call = try #require(try fixture.desktop.notifyCalls().first)
        let path = try #require(call[6].dictionary?["image-path"]?.string)
        #expect(FileManager.default.contents(atPath: path) == AttachmentSamples.png)
    }

    @Test("Badges go to docks as LauncherEntry Update signals for the app's .desktop file")
    func badges() async throws {
        let fixture = try await DesktopFixture()
        let updates = Mutex<[[DBusValue]]>([])
        fixture.desktop.session.subscribe(
            sender: nil, interface: "com.canonical.Unity.LauncherEntry", member: "Update", path: nil
        ) { signal in updates.withLock { $0.append(signal.arguments) } }
        // The match rule goes to the bus unanswered: the answer to a call sent after it on the
        // same connection says the bus has it, so the badge's signal cannot pass it by.
        _ = try fixture.desktop.session.call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", method: "GetId",
            replyType: "(s)")
        try await fixture.engine.setBadgeCount(4, for: fixture.app)
        try await MockDesktop.eventually("the badge") { updates.withLock { $0.contains { $0.last == .dictionary(["count": .int64(4), "count-visible": .boolean(true)]) } } }
        #expect(updates.withLock { $0.last?.first } == .string("application://herald-com.example.shopping.desktop"))
    }

    @Test("A malformed signal and a server that is gone change nothing: the delivery stays in the notification center")
    func faults() async throws {
        let fixture = try await DesktopFixture()
        let (delivery, serverID) = try await fixture.deliver()
        try fixture.desktop.emit("ActionInvoked", "ss", [.string("1"), .string("trashAction")])
        try fixture.desktop.emit("ActionInvoked", "u", [.uint32(serverID)])
        try fixture.desktop.stopServer()
        try await fixture.engine.add(
            NotificationRequest(identifier: "later", content: NotificationContent(title: "Later"), trigger: nil), for: fixture.app)
        fixture.presenter.flush()
        #expect(try await fixture.isListed(delivery.id))
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).map(\.request.identifier).sorted() == ["later", "reminder"])
    }

    @Test("Two daemons of one user keep each other's .desktop files; a daemon's start removes only its own stale ones")
    func twoDaemonsEntries() async throws {
        let desktop = try await MockDesktop()
        let engine = try NotificationEngine(
            store: .inMemory, scheduler: TestScheduler(startDate: Fixtures.start), configuration: NotificationEngine.Configuration(),
            presenters: [])
        let applications = desktop.directory.url.appendingPathComponent("applications")
        func started(_ owner: String, apps: [(identifier: AppIdentifier, name: String, url: String?, badge: Int)]) throws {
            var configuration = DesktopPresenter.Configuration(centerURL: nil, applicationsDirectory: applications)
            configuration.owner = owner
            let presenter = DesktopPresenter(
                connection: try MockDesktop.connect(desktop.sessionAddress), engine: engine, configuration: configuration,
                opener: RecordingOpener())
            presenter.start(centerURL: "http://127.0.0.1:7878", apps: apps)
            presenter.flush()
        }
        let one = applications.appendingPathComponent("herald-com.example.one.desktop").path
        let two = applications.appendingPathComponent("herald-com.example.two.desktop").path
        try started("first", apps: [("com.example.one", "One", nil, 0)])
        try started("second", apps: [("com.example.two", "Two", nil, 0)])
        #expect(FileManager.default.fileExists(atPath: one), "the second daemon's start leaves the first's file")
        #expect(FileManager.default.fileExists(atPath: two))
        try started("first", apps: [])
        #expect(!FileManager.default.fileExists(atPath: one), "the first daemon's stale file goes at its next start")
        #expect(FileManager.default.fileExists(atPath: two))
    }
}
