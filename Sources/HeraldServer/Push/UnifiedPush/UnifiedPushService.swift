import DesktopNotifications
import Foundation
import Logging
import PushService
import ServiceLifecycle
import Signals
import Synchronization

/// Herald's UnifiedPush distributor on the session bus, for as long as the daemon
/// runs: started once the daemon listens (a registration's endpoint is a push
/// resource's URL on the HTTP API), then registering apps and handing them their
/// messages until shutdown.
final class UnifiedPushService: Service, Sendable {
    let distributor: UnifiedPushDistributor
    private let store: any PushResourceStore
    private let receivers: PushReceivers
    private let scheduler: any DateScheduler
    private let desktop: UnifiedPushDesktop
    private let delivery = Mutex<UnifiedPushDelivery?>(nil)
    private let logger = Logger(label: "herald.unifiedpush")

    init(
        distributor: UnifiedPushDistributor, store: any PushResourceStore, receivers: PushReceivers,
        scheduler: any DateScheduler, desktop: UnifiedPushDesktop = .current()
    ) {
        self.desktop = desktop
        self.distributor = distributor
        self.store = store
        self.receivers = receivers
        self.scheduler = scheduler
    }

    /// Serves `org.unifiedpush.Distributor2` with endpoints made by `endpoint` from a
    /// resource's token, and sends what waits for the apps registered before.
    func start(endpoint: @escaping @Sendable (String) -> String) {
        let delivery = UnifiedPushDelivery(store: store, desktop: desktop, connectors: distributor, scheduler: scheduler)
        do {
            try distributor.start(
                UnifiedPushRegistrations(store: store, desktop: desktop, scheduler: scheduler, endpoint: endpoint))
        } catch {
            return logger.warning("no UnifiedPush distributor: \(error)")
        }
        self.delivery.withLock { $0 = delivery }
        // Every app on the desktop is reached from here (the bus starts it): messages
        // kept for any of them, on this node or another, wake the delivery.
        // A registration the person removes in the center: its app is told.
        _ = receivers.attach(kind: .unifiedPush, wake: { agent in delivery.wake(agent) }) {
            [distributor, desktop, logger] resource in
            guard let service = desktop.service(of: resource.agent) else { return }
            Task {
                do {
                    try await distributor.unregistered(service: service, token: resource.channel)
                } catch {
                    logger.info("cannot tell \(service) its UnifiedPush registration was removed: \(error)")
                }
            }
        }
        logger.info("UnifiedPush distributor \(UnifiedPushDistributor.name) on the session bus")
        Task { await delivery.start() }
    }

    func run() async throws {
        try? await gracefulShutdown()
        await delivery.withLock { $0 }?.stop()
    }
}
