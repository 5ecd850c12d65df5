import Foundation
import HeraldAPI
import NotificationEngine
import Signals

/// What the routes work with: the engine, the app registry, the event hub and
/// the clock.
final class DaemonServices: Sendable {
    let engine: NotificationEngine
    let registry: AppRegistry
    let hub: EventHub
    let scheduler: any DateScheduler
    /// The virtual clock of `--virtual-clock`, advanced through `POST /v1/debug/clock`.
    let virtualClock: TestScheduler?
    /// The API's adds, committed in groups.
    let adds: AddQueue
    /// The JSON of the apps' pending lists.
    let pendingLists: PendingListCache

    init(engine: NotificationEngine, registry: AppRegistry, scheduler: any DateScheduler, virtualClock: TestScheduler?) {
        self.engine = engine
        self.registry = registry
        self.scheduler = scheduler
        self.virtualClock = virtualClock
        adds = AddQueue(engine: engine)
        pendingLists = PendingListCache(engine: engine)
        hub = EventHub(engine: engine) { app in registry.app(app)?.name ?? app.rawValue }
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
}
