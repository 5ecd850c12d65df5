import HeraldAPI
import HeraldApps
import NotificationEngine
import ServiceLifecycle
import Signals

/// Whether each app the daemon serves is in the foreground: the one owner of it
/// in the daemon. Nothing else here changes an app's foreground state; the engine
/// keeps it (``NotificationService/setForeground(_:for:)``) and brings an app
/// there itself for a response that opens it
/// (``NotificationRules/opensApp(actionIdentifier:category:)``).
///
/// - A bundled app is in the foreground while at least one of its pages is
///   connected (``pageOpened(_:)``, ``pageClosed(_:)``). It is told through
///   ``HeraldApp/setPageOpen(_:)``, and its `UIApplication` or
///   `UNUserNotificationCenter` tells the engine. A response that opened it is
///   followed by a page within ``grace``, or the app goes back to the background
///   (``follow(_:)``).
/// - An app registered over HTTP goes back to the background at once after a
///   response opened it: one the API received (``answered(_:)``, before the API
///   answers), or one given elsewhere, such as a click on the desktop
///   (``follow(_:)``, on the `appOpened` event). It has no delegate in the daemon
///   to decide how its deliveries are shown in the foreground (an app in the
///   foreground without one is shown nothing), and it cannot say when it leaves;
///   it learns of the opening from the `appOpened` event.
///
/// The changes reach each bundled app one at a time and in order, each as the
/// count stands when it is applied, so a page that opens while the last one is
/// closing cannot leave the app in the background; and ``pageOpened(_:)`` returns
/// only once the app is in the foreground, also when another page brought it there.
actor AppForeground {
    /// How long a bundled app that a response opened waits for one of its pages.
    static let grace = Duration.seconds(10)

    private let engine: NotificationEngine
    private let registry: AppRegistry
    private var counts: [AppIdentifier: Int] = [:]
    /// Whether each bundled app was last told it is open.
    private var applied: [AppIdentifier: Bool] = [:]
    /// The last change queued for each bundled app.
    private var changes: [AppIdentifier: Task<Void, Never>] = [:]

    init(engine: NotificationEngine, registry: AppRegistry) {
        self.engine = engine
        self.registry = registry
    }

    /// A page of a bundled app connected.
    func pageOpened(_ app: any HeraldApp) async {
        counts[app.identifier, default: 0] += 1
        await change(app, force: false)
    }

    /// A page of a bundled app disconnected.
    func pageClosed(_ app: any HeraldApp) async {
        counts[app.identifier] = max(counts[app.identifier, default: 0] - 1, 0)
        await change(app, force: false)
    }

    /// How many pages of `app` are connected, and whether the app was last told
    /// it is in the foreground (a change under way counts once it is done).
    func status(of app: any HeraldApp) -> JSONValue {
        [
            "openPages": .number(Double(counts[app.identifier, default: 0])),
            "foreground": .bool(applied[app.identifier] ?? false),
        ]
    }

    /// The user answered a delivery of `app` through the API: an app reached
    /// over HTTP goes back to the background, in case the answer opened it. A
    /// bundled app's foreground follows its pages (``follow(_:)``).
    func answered(_ app: AppIdentifier) async throws {
        guard registry.app(app)?.bundledSlug == nil else { return }
        try await engine.setForeground(false, for: app)
    }

    /// Until the daemon shuts down: sends an app that a response opened back to
    /// the background, a bundled one if none of its pages connected within
    /// ``grace``, one registered over HTTP at once.
    nonisolated func follow(_ apps: [any HeraldApp]) async {
        let byIdentifier = Dictionary(uniqueKeysWithValues: apps.map { ($0.identifier, $0) })
        let (opened, continuation) = AsyncStream.makeStream(of: AppIdentifier.self)
        let subscription = engine.events.subscribeNext { event in
            if case .appOpened(let app) = event { continuation.yield(app) }
        }
        defer { subscription.dispose() }
        await withDiscardingTaskGroup { group in
            for await identifier in opened.cancelOnGracefulShutdown() {
                guard let app = byIdentifier[identifier] else {
                    group.addTask { try? await self.answered(identifier) }
                    continue
                }
                group.addTask {
                    try? await Task.sleep(for: Self.grace)
                    await self.change(app, force: true)
                }
            }
        }
    }

    /// Queues a change behind the app's previous one and waits for it.
    private func change(_ app: any HeraldApp, force: Bool) async {
        let previous = changes[app.identifier]
        let next = Task {
            await previous?.value
            await self.apply(app, force: force)
        }
        changes[app.identifier] = next
        await next.value
    }

    /// Tells the app whether it is open, as the count now says, if that differs
    /// from what it was last told; with `force`, a closed app is told again (the
    /// engine may have opened it for a response).
    private func apply(_ app: any HeraldApp, force: Bool) async {
        let isOpen = counts[app.identifier, default: 0] > 0
        guard applied[app.identifier] != isOpen || (force && !isOpen) else { return }
        await app.setPageOpen(isOpen)
        applied[app.identifier] = isOpen
    }
}
