import DesktopNotifications
import Foundation
import Logging
import PushService
import Signals

/// Hands the messages kept for the desktop's UnifiedPush apps to their connectors
/// (`Message`), the bus starting an app that is not running.
///
/// - Each app's messages go one at a time, in order, each acknowledged once its
///   connector took it; an app that hangs holds up only its own (each call ends
///   after the distributor's timeout).
/// - A call that fails (the app cannot be started, errs or times out) leaves its
///   messages kept and unsent (``PushResourceStore/disconnected(agent:now:)``); they
///   are sent again after ``retryDelays`` (the last one repeating), and at once when
///   the next message for the app comes.
/// - At start, what waits for every app is sent, what an earlier run sent and saw
///   no answer for first.
actor UnifiedPushDelivery {
    private let store: any PushResourceStore
    private let desktop: UnifiedPushDesktop
    private let connectors: any UnifiedPushConnectors
    private let scheduler: any DateScheduler
    /// How long a failed app waits before each retry.
    let retryDelays: [Duration]
    private var delivering: Set<PushAgent> = []
    /// Apps woken while their messages were being sent: another round follows.
    private var woken: Set<PushAgent> = []
    private var failures: [PushAgent: Int] = [:]
    private var retries: [PushAgent: Task<Void, Never>] = [:]
    private let logger = Logger(label: "herald.unifiedpush")

    init(
        store: any PushResourceStore, desktop: UnifiedPushDesktop, connectors: any UnifiedPushConnectors,
        scheduler: any DateScheduler, retryDelays: [Duration] = UnifiedPushDelivery.defaultRetryDelays
    ) {
        self.store = store
        self.desktop = desktop
        self.connectors = connectors
        self.scheduler = scheduler
        self.retryDelays = retryDelays.isEmpty ? Self.defaultRetryDelays : retryDelays
    }

    /// 1 s, doubling to 5 minutes.
    static let defaultRetryDelays: [Duration] = [1, 2, 4, 8, 16, 32, 64, 128, 300].map { .seconds($0) }

    /// Sends what waits for every app, the messages an earlier run sent unanswered included.
    func start() async {
        let agents: [PushAgent]
        do {
            agents = try await desktop.apps(in: store)
            for agent in agents { try await store.disconnected(agent: agent, now: scheduler.now) }
        } catch {
            return logger.warning("cannot read the UnifiedPush apps' messages: \(error)")
        }
        await withTaskGroup(of: Void.self) { group in
            for agent in agents { group.addTask { await self.deliver(agent) } }
        }
    }

    /// Stops the retries waiting.
    func stop() {
        for retry in retries.values { retry.cancel() }
        retries = [:]
    }

    /// A message was kept for `agent` (`nil`: for any app): sends at once.
    nonisolated func wake(_ agent: PushAgent?) {
        guard let agent else {
            Task { await start() }
            return
        }
        guard desktop.service(of: agent) != nil else { return }
        Task { await deliver(agent) }
    }

    /// Sends `agent`'s unsent messages, until none is left or a call fails.
    func deliver(_ agent: PushAgent) async {
        guard !delivering.contains(agent) else {
            woken.insert(agent)
            return
        }
        delivering.insert(agent)
        defer { delivering.remove(agent) }
        repeat {
            woken.remove(agent)
            guard await sendUnsent(agent) else { return await failed(agent) }
        } while woken.contains(agent)
        failures[agent] = nil
        retries.removeValue(forKey: agent)?.cancel()
    }

    /// Sends each unsent message in order; `false` when one could not be.
    private func sendUnsent(_ agent: PushAgent) async -> Bool {
        guard let service = desktop.service(of: agent) else { return true }
        do {
            for message in try await store.takeUnsent(agent: agent, now: scheduler.now) {
                if Self.isDeliverable(message) {
                    try await connectors.message(service: service, token: message.channel, body: message.body, id: message.id)
                } else {
                    logger.info("dropped a message for \(service): UnifiedPush carries 1 to 4,096 bytes in aes128gcm only")
                }
                try await store.acknowledge(agent: agent, id: message.id, now: scheduler.now)
            }
            return true
        } catch {
            logger.info("cannot reach \(service) for UnifiedPush: \(error)")
            return false
        }
    }

    /// Whether UnifiedPush can carry `message`: 1 to 4,096 bytes of RFC 8291's
    /// `aes128gcm` (its connector decrypts it alone; `aesgcm`'s headers have no place).
    static func isDeliverable(_ message: PushResourceMessage) -> Bool {
        !message.body.isEmpty && message.body.count <= PushResourceMessage.maximumBodySize && message.encoding == .aes128gcm
    }

    /// Keeps `agent`'s messages for the next attempt, after the next delay.
    private func failed(_ agent: PushAgent) async {
        do {
            try await store.disconnected(agent: agent, now: scheduler.now)
        } catch {
            logger.warning("cannot keep \(agent.displayName)'s UnifiedPush messages for later: \(error)")
        }
        let attempt = failures[agent, default: 0]
        failures[agent] = attempt + 1
        let delay = retryDelays[min(attempt, retryDelays.count - 1)]
        let due = scheduler.now.addingTimeInterval(TimeInterval(delay.components.seconds))
        retries[agent]?.cancel()
        retries[agent] = Task { [scheduler] in
            guard await scheduler.sleep(until: due) else { return }
            await self.deliver(agent)
        }
    }
}
