import Foundation
import GRDB
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

/// `forgetApp(_:)`, behind the daemon's `DELETE /v1/apps/{app}`: everything the app
/// had goes, in the store and in memory, so that an app registered again under the
/// same identifier starts from nothing and has to ask for authorization.
@Suite("Engine: forgetting an app")
struct ForgetAppTests {
    static let other: AppIdentifier = "com.example.other"
    static let category = NotificationCategory(
        identifier: "list", actions: [NotificationAction(identifier: "ok", title: "OK")], options: [.customDismissAction])

    /// What the app had when it was forgotten.
    struct Had {
        var listed: [DeliveryID]
        var answered: DeliveryID
        var handler: HoldingHandler
    }

    /// A foreground app's handler that answers `willPresent` only when told to, and
    /// never completes a response.
    final class HoldingHandler: NotificationAppHandler {
        private let state = Mutex<(asked: [Delivery], received: [NotificationResponse],
                                   held: [@Sendable (PresentationOptions) -> Void])>(([], [], []))

        var asked: [Delivery] { state.withLock { $0.asked } }
        var received: [NotificationResponse] { state.withLock { $0.received } }

        /// Answers every `willPresent` asked so far with `options`.
        func answer(_ options: PresentationOptions) {
            let held = state.withLock { state in
                defer { state.held = [] }
                return state.held
            }
            held.forEach { $0(options) }
        }

        func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void) {
            state.withLock { state in
                state.asked.append(delivery)
                state.held.append(completionHandler)
            }
        }

        func didReceive(_ response: NotificationResponse, completionHandler: @escaping @Sendable () -> Void) {
            state.withLock { $0.received.append(response) }
        }
    }

    /// Gives the fixture's app one of everything: authorization, settings,
    /// categories, a badge, a pending request, a listed delivery, an answered one
    /// with an unhandled response, a foreground connection and a delivery its
    /// handler has not answered yet (still in the outbox).
    static func populate(_ fixture: EngineFixture) async throws -> Had {
        let engine = fixture.engine
        let app = fixture.app
        try await fixture.authorize()
        try await engine.setCategories([category], for: app)
        try engine.updatePreferences(for: app) { preferences in
            preferences.alertStyle = .alert
            preferences.soundsEnabled = false
        }
        try await engine.setBadgeCount(3, for: app)
        try await engine.add(EngineFixture.request("later", after: 3_600), for: app)
        var shown = EngineFixture.request("shown", after: 1)
        shown.content.categoryIdentifier = category.identifier
        var answered = EngineFixture.request("answered", after: 1)
        answered.content.categoryIdentifier = category.identifier
        try await engine.add([shown, answered], for: app)
        fixture.scheduler.advance(by: 1)
        let delivered = try await engine.deliveredNotifications(for: app)
        let answeredID = try #require(delivered.first { $0.request.identifier == "answered" }?.id)
        try engine.respond(to: answeredID, actionIdentifier: "ok", authenticated: false)

        let handler = HoldingHandler()
        _ = try await engine.connect(handler, for: app)
        try await engine.setForeground(true, for: app)
        try await engine.add(EngineFixture.request("foreground", after: 1), for: app)
        fixture.scheduler.advance(by: 1)
        #expect(handler.asked.map(\.request.identifier) == ["foreground"])
        #expect(handler.received.map(\.delivery.id) == [answeredID])
        let listed = try await engine.deliveredNotifications(for: app).map(\.id)
        #expect(listed.count == 2)
        return Had(listed: listed, answered: answeredID, handler: handler)
    }

    /// Gives the other app authorization, a category, a badge, a pending request
    /// and a delivery.
    static func populateOther(_ fixture: EngineFixture) async throws {
        try await fixture.authorize(other)
        try await fixture.engine.setCategories([category], for: other)
        try await fixture.engine.setBadgeCount(5, for: other)
        try await fixture.engine.add(
            [EngineFixture.request("theirs", after: 1), EngineFixture.request("pending", after: 7_200)], for: other)
        fixture.scheduler.advance(by: 1)
    }

    /// Checks that the engine knows nothing of the fixture's app and all of the other's.
    static func expectForgotten(_ fixture: EngineFixture, engine: NotificationEngine) async throws {
        let app = fixture.app
        #expect(try engine.preferences(for: app) == AppNotificationPreferences())
        #expect(try await engine.notificationSettings(for: app).authorizationStatus == .notDetermined)
        #expect(try await engine.categories(for: app).isEmpty)
        #expect(try await engine.badgeCount(for: app) == 0)
        #expect(try await engine.pendingRequests(for: app).isEmpty)
        #expect(try await engine.deliveredNotifications(for: app).isEmpty)
        let refused = await #expect(throws: NotificationError.self) {
            try await engine.add(EngineFixture.request("again", after: 1), for: app)
        }
        #expect(refused?.code == .notificationsNotAllowed, "the app has to ask for authorization again")
        let newcomer = ScriptedHandler(options: [])
        let connection = try await engine.connect(newcomer, for: app)
        defer { connection.dispose() }
        #expect(newcomer.received.isEmpty, "no response of the forgotten app is handed over")

        #expect(try await engine.notificationSettings(for: other).authorizationStatus == .authorized)
        #expect(try await engine.categories(for: other) == [category])
        #expect(try await engine.badgeCount(for: other) == 5)
        #expect(try await engine.pendingRequests(for: other).map(\.request.identifier) == ["pending"])
        #expect(try await engine.deliveredNotifications(for: other).map(\.request.identifier) == ["theirs"])
    }

    @Test("Forgetting an app removes everything it had and leaves other apps alone", arguments: [false, true])
    func forgetsEverything(sqlite: Bool) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("forget.sqlite")
        let fixture = try EngineFixture(store: sqlite ? .sqlite(path: path) : .inMemory)
        let had = try await Self.populate(fixture)
        try await Self.populateOther(fixture)
        let events = Recorded<NotificationEvent>()
        let watching = fixture.engine.events.subscribeNext { events.append($0) }
        defer { watching.dispose() }
        let presented = fixture.presenter.presentations.count

        try fixture.engine.forgetApp(fixture.app)

        #expect(events.values == [
            .withdrawn(app: fixture.app, deliveries: had.listed),
            .pendingChanged(app: fixture.app),
            .badgeChanged(app: fixture.app, badge: 0),
            .authorizationChanged(app: fixture.app, status: .notDetermined),
        ])
        #expect(Set(fixture.presenter.withdrawn).isSuperset(of: had.listed))
        #expect(fixture.presenter.badges[fixture.app] == 0)
        #expect(try fixture.engine.delivery(had.answered) == nil)
        try await Self.expectForgotten(fixture, engine: fixture.engine)

        // The foreground handler's answer comes too late: it brings nothing on screen.
        had.handler.answer([.banner, .list, .sound])
        #expect(fixture.presenter.presentations.count == presented)

        if sqlite {
            let reopened = try EngineFixture(store: .sqlite(path: path))
            try await Self.expectForgotten(reopened, engine: reopened.engine)
            #expect(reopened.presenter.presentations.isEmpty, "nothing of the app is left in the outbox")
            try Self.expectNoRows(of: fixture.app, in: path)
        }

        // The identifier registered again starts afresh: in the background, with no categories.
        try await fixture.authorize()
        try await fixture.engine.add(EngineFixture.request("fresh", after: 1), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        #expect(fixture.presentedIdentifiers.last == "fresh")
        #expect(had.handler.asked.count == 1, "the forgotten app's handler is no longer connected")
        var categorized = EngineFixture.request("categorized", after: 1)
        categorized.content.categoryIdentifier = Self.category.identifier
        let unknown = await #expect(throws: NotificationError.self) {
            try await fixture.engine.add(categorized, for: fixture.app)
        }
        #expect(unknown?.code == .unknownCategory)
    }

    /// No table of the database has a row of `app`, and no outbox entry or response
    /// points at a delivery that is gone.
    static func expectNoRows(of app: AppIdentifier, in path: String) throws {
        try DatabaseQueue(path: path).read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            for table in tables where try db.columns(in: table).contains(where: { $0.name == "app" }) {
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE app = ?", arguments: [app.rawValue])
                #expect(count == 0, "table \(table)")
            }
            let orphans = try Int.fetchOne(
                db,
                sql: """
                    SELECT (SELECT COUNT(*) FROM outbox, json_each(outbox.delivery_ids)
                            WHERE value NOT IN (SELECT id FROM deliveries))
                        + (SELECT COUNT(*) FROM outbox WHERE json_array_length(delivery_ids) = 0)
                        + (SELECT COUNT(*) FROM responses WHERE delivery_id NOT IN (SELECT id FROM deliveries))
                    """)
            #expect(orphans == 0)
        }
    }

    @Test("Forgetting an app that waits for the user's answer answers its callers no")
    func forgetsPrompt() async throws {
        let fixture = try EngineFixture { $0.authorizationPolicy = .ask }
        let engine = fixture.engine
        async let answer = engine.requestAuthorization(options: [.alert], for: fixture.app)
        while engine.authorizationRequests.isEmpty { await Task.yield() }
        try engine.forgetApp(fixture.app)
        #expect(try await answer == false)
        #expect(engine.authorizationRequests.isEmpty)
        #expect(try engine.preferences(for: fixture.app).authorizationStatus == .notDetermined)
    }

    @Test("Forgetting an app the engine never saw changes nothing and emits nothing")
    func forgetsUnknown() throws {
        let fixture = try EngineFixture()
        let events = Recorded<NotificationEvent>()
        let watching = fixture.engine.events.subscribeNext { events.append($0) }
        defer { watching.dispose() }
        try fixture.engine.forgetApp("com.example.unknown")
        #expect(events.values.isEmpty)
        #expect(throws: NotificationError.self) { try fixture.engine.forgetApp("not an app!") }
    }
}
