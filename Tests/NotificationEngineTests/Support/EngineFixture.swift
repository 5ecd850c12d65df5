import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization

/// An engine on virtual time with a recording presenter, for one test.
///
/// With `HERALD_ENGINE_TEST_STORE=postgres` (and a test database, see
/// ``TestPostgres``), a fixture asked for the in-memory store gets a PostgreSQL
/// store in a schema of its own instead, so that the engine's tests run once
/// more against PostgreSQL (`scripts/test` does).
struct EngineFixture {
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)  // 2026-05-09 06:13:20 UTC

    let scheduler: TestScheduler
    let presenter = RecordingPresenter()
    let engine: NotificationEngine
    let app: AppIdentifier = "com.example.app"
    /// Drops the PostgreSQL schema when the fixture goes.
    private let schema: TestSchema?

    /// Whether the engine's store is PostgreSQL, which other engines may share.
    var isShared: Bool { schema != nil }

    init(
        store: NotificationStoreKind = .inMemory,
        start: Date = EngineFixture.start,
        configure: (inout NotificationEngine.Configuration) -> Void = { _ in }
    ) throws {
        scheduler = TestScheduler(startDate: start)
        var configuration = NotificationEngine.Configuration(authorizationPolicy: .grantAll)
        configuration.timeZone = TimeZone(identifier: "UTC")!
        configure(&configuration)
        var store = store
        if store == .inMemory, let url = Self.postgresInsteadOfMemory() {
            store = .postgres(url: url)
            schema = TestSchema(url: url)
        } else {
            schema = nil
        }
        engine = try NotificationEngine(
            store: store, scheduler: scheduler, configuration: configuration, presenters: [presenter])
    }

    /// A new schema's URL when the tests are to use PostgreSQL for the in-memory store.
    private static func postgresInsteadOfMemory() -> String? {
        guard ProcessInfo.processInfo.environment["HERALD_ENGINE_TEST_STORE"] == "postgres" else { return nil }
        return TestPostgres.uniqueSchemaURL()
    }

    /// Authorizes the app (policy `.grantAll`) for alerts, sounds and badges.
    func authorize(_ app: AppIdentifier? = nil) async throws {
        _ = try await engine.requestAuthorization(options: [.alert, .sound, .badge], for: app ?? self.app)
    }

    /// A request firing after `seconds`.
    static func request(_ identifier: String, after seconds: TimeInterval, repeats: Bool = false, title: String = "T")
        -> NotificationRequest
    {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: title),
            trigger: .timeInterval(TimeIntervalTrigger(interval: seconds, repeats: repeats)))
    }

    var presentedIdentifiers: [String] {
        presenter.presentations.map(\.delivery.request.identifier)
    }
}

/// An app handler whose answers a test sets.
final class ScriptedHandler: NotificationAppHandler {
    private struct State {
        var options: PresentationOptions?
        var completesResponses = true
        var asked: [Delivery] = []
        var received: [NotificationResponse] = []
    }

    private let state: Mutex<State>

    /// Answers `willPresent` with `options`; `nil` never answers.
    init(options: PresentationOptions?, completesResponses: Bool = true) {
        state = Mutex(State(options: options, completesResponses: completesResponses))
    }

    var asked: [Delivery] { state.withLock { $0.asked } }
    var received: [NotificationResponse] { state.withLock { $0.received } }

    func willPresent(_ delivery: Delivery, completionHandler: @escaping @Sendable (PresentationOptions) -> Void) {
        let options = state.withLock { state in
            state.asked.append(delivery)
            return state.options
        }
        if let options { completionHandler(options) }
    }

    func didReceive(_ response: NotificationResponse, completionHandler: @escaping @Sendable () -> Void) {
        let completes = state.withLock { state in
            state.received.append(response)
            return state.completesResponses
        }
        if completes { completionHandler() }
    }
}

/// A test's PostgreSQL schema, dropped when the last reference goes.
final class TestSchema: Sendable {
    let url: String

    init(url: String) {
        self.url = url
    }

    deinit {
        guard let store = try? PostgresStore(url: url) else { return }
        try? store.dropSchema()
        store.close()
    }
}
