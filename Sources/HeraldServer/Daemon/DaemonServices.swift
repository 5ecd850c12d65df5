import DesktopNotifications
import Foundation
import HeraldAPI
import Hummingbird
import Logging
import NotificationEngine
import PushService
import Signals

/// What the routes work with: the engine, the app registry, the event hub and
/// the clock.
final class DaemonServices: Sendable {
    let engine: NotificationEngine
    let registry: AppRegistry
    /// The live event stream: in memory, or shared by the nodes on a PostgreSQL database.
    let hub: EventStream
    let scheduler: any DateScheduler
    /// The virtual clock of `--virtual-clock`, advanced through `POST /v1/debug/clock`.
    let virtualClock: TestScheduler?
    /// The API's adds, committed in groups.
    let adds: AddQueue
    /// What an add's body may hold.
    let uploadLimits: UploadLimits
    /// The adds whose bodies are over 64 KiB, being read and added.
    let uploads: UploadGate
    /// The JSON of the apps' pending lists.
    let pendingLists: PendingListCache
    /// The web notification center's browser sessions.
    let sessions: SessionStore
    /// The one-time codes that `herald open` signs a browser in with.
    let signInCodes: SignInCodes
    /// The sign-in pages `herald open` and desktop notifications open.
    let signInPages: SignInPages
    /// The admin tokens, by their fingerprints.
    let admins: AdminCredentials
    /// Every open WebSocket stream, by the credential it was opened with.
    let streams = StreamRegistry()
    /// The desktop's notification server, when `--desktop` found one.
    let desktop: DesktopPresenter?
    /// Whether each app is in the foreground: the one place the daemon changes it.
    let foreground: AppForeground
    /// The push service's provider keys and device registrations.
    let pushDirectory: PushDirectory
    /// The pushes that apps' service extensions hold over the HTTP API.
    let extensionRuns = ServiceExtensionRuns()

    init(
        storage: DaemonStorage, engine: NotificationEngine, registry: AppRegistry, sessions: SessionStore,
        signInCodes: SignInCodes,
        signInPages: SignInPages, admins: AdminCredentials, scheduler: any DateScheduler, virtualClock: TestScheduler?,
        desktop: DesktopPresenter?, pushDirectory: PushDirectory, uploadLimits: UploadLimits = UploadLimits()
    ) throws {
        self.pushDirectory = pushDirectory
        self.uploadLimits = uploadLimits
        uploads = UploadGate(capacity: uploadLimits.concurrentLargeUploads)
        self.signInCodes = signInCodes
        self.signInPages = signInPages
        self.admins = admins
        self.desktop = desktop
        self.engine = engine
        self.registry = registry
        self.sessions = sessions
        self.scheduler = scheduler
        self.virtualClock = virtualClock
        adds = AddQueue(engine: engine)
        foreground = AppForeground(engine: engine, registry: registry)
        pendingLists = PendingListCache(engine: engine)
        hub = try storage.makeEvents(engine: engine) { app in registry.app(app)?.name ?? app.rawValue }
    }

    /// The registered app named by a path parameter, which the caller may act for.
    ///
    /// - Throws: 401/403 for a caller without access, 404 for an app that is not registered.
    func app(_ name: String, for context: HeraldRequestContext) throws -> RegisteredApp {
        let identifier = AppIdentifier(name)
        try context.requireAccess(to: identifier)
        guard let app = registry.app(identifier) else {
            throw ServerError.notFound("no app \(name) is registered: register it with POST /v1/apps")
        }
        return app
    }

    /// The app a call on an app's own route acts for: an app token's own (`?app=`,
    /// if given, must name it), or the one the admin names with `?app=`; it must
    /// be registered. `route` names the route in the admin's error.
    func actingApp(_ request: Request, _ context: HeraldRequestContext, route: String) throws -> AppIdentifier {
        let named = request.uri.queryParameters.get("app")
        switch try context.requirePrincipal() {
        case .app(let own):
            return try app(named ?? own.rawValue, for: context).identifier
        case .admin:
            guard let named else {
                throw ServerError.badRequest("name the app: /\(route)?app=<app identifier>")
            }
            return try app(named, for: context).identifier
        }
    }

    /// Opens a stream for the caller of `context`: checks its credential has room for
    /// one more, registers `outbox` under it, runs `body`, and unregisters it. A
    /// browser session's stream keeps its session in use while it is open, and is
    /// closed (4401) once the session ends of age (``watchSession(_:closing:)``).
    ///
    /// - Throws: 429 `tooManyStreams` when the credential holds its limit of streams.
    func withStream<T>(
        _ outbox: StreamOutbox, for context: HeraldRequestContext, _ body: () async throws -> T
    ) async throws -> T {
        let credential = try context.requireCredential()
        try streams.register(outbox, for: credential, on: context.channel)
        defer { streams.unregister(outbox, for: credential) }
        // Revoked between the request's check and now: its revocation found no stream to close.
        if !isCurrent(credential) { outbox.close(.credentialRevoked) }
        guard case .session(let fingerprint) = credential else { return try await body() }
        let watcher = Task { await watchSession(fingerprint, closing: outbox) }
        defer { watcher.cancel() }
        return try await body()
    }

    /// While a stream of the session with this fingerprint is open: every
    /// ``SessionStore/useRecordingInterval`` of the daemon's clock, records the
    /// session's use (an open center is in use), or closes the stream if the session
    /// has reached its maximum age or was ended.
    private func watchSession(_ fingerprint: String, closing outbox: StreamOutbox) async {
        while await scheduler.sleep(until: scheduler.now + SessionStore.useRecordingInterval) {
            let now = scheduler.now
            guard sessions.isCurrent(fingerprint: fingerprint, now: now) else {
                return outbox.close(.credentialRevoked)
            }
            do {
                try sessions.recordUse(fingerprint: fingerprint, now: now)
            } catch {
                Logger(label: "herald.daemon.sessions").warning("cannot record a browser session's use: \(error)")
            }
        }
    }

    /// Whether `credential` still opens the daemon: the app token still its app's, the
    /// session not ended.
    func isCurrent(_ credential: Credential) -> Bool {
        switch credential {
        case .adminToken: true
        case .appToken(let fingerprint): registry.app(forFingerprint: fingerprint) != nil
        case .session(let fingerprint): sessions.isCurrent(fingerprint: fingerprint, now: scheduler.now)
        }
    }
}
