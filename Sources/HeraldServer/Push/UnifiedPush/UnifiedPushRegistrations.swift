import DesktopNotifications
import Foundation
import Logging
import PushService
import Signals

/// The UnifiedPush registrations of the desktop's apps, each a push resource of
/// the app (``UnifiedPushDesktop/agent(for:)``: its machine and D-Bus name) whose
/// channel is the connector's token: what Herald's distributor does with a connector's `Register`
/// and `Unregister`.
///
/// Any program on the session bus may call them, so what one can make is bounded:
/// ``maximumApps`` apps, ``PushResource/capacityPerAgent`` registrations each, a
/// token held by one app only. Registrations are made one at a time, so two
/// at once cannot pass a bound together.
actor UnifiedPushRegistrations: UnifiedPushRegistrar {
    /// The most apps with registrations; a new app beyond it is refused `ACTION_REQUIRED`.
    static let maximumApps = 64

    private let store: any PushResourceStore
    private let desktop: UnifiedPushDesktop
    private let scheduler: any DateScheduler
    /// A resource's endpoint (its push URL) from its token.
    private let endpoint: @Sendable (String) -> String
    private let logger = Logger(label: "herald.unifiedpush")

    init(
        store: any PushResourceStore, desktop: UnifiedPushDesktop, scheduler: any DateScheduler,
        endpoint: @escaping @Sendable (String) -> String
    ) {
        self.store = store
        self.desktop = desktop
        self.scheduler = scheduler
        self.endpoint = endpoint
    }

    /// Registers `registration`: the same token and key give the same endpoint;
    /// another key gives a new one (the old one stops working).
    func register(_ registration: UnifiedPushRegistration) async -> UnifiedPushRegistrationResult {
        var key: Data?
        if let vapid = registration.vapid {
            guard let decoded = PushResource.applicationServerKey(base64URL: vapid) else {
                return .failed(.vapidRequired, message: "vapid is not an uncompressed P-256 public key (65 bytes) in base64url")
            }
            key = decoded
        }
        let agent = desktop.agent(for: registration.service)
        do {
            let agents = try await desktop.apps(in: store)
            if let holder = try await holder(of: registration.token, among: agents), holder != agent {
                return .failed(.unauthorized, message: "another app registered with this token")
            }
            guard agents.contains(agent) || agents.count < Self.maximumApps else {
                return .failed(.actionRequired, message: "\(Self.maximumApps) apps are registered for UnifiedPush already; one must unregister first")
            }
            let resource = try await store.subscribe(
                agent: agent, channel: registration.token, applicationServerKey: key, now: scheduler.now)
            logger.info("registered \(registration.service) for UnifiedPush (\(registration.description ?? "no description"))")
            return .succeeded(endpoint: endpoint(resource.token))
        } catch let error as PushServiceError where error.code == .tooManySubscriptions {
            return .failed(.actionRequired, message: error.message)
        } catch {
            return .failed(.internalError, message: "the registration could not be kept: \(error)")
        }
    }

    /// Removes the registration with `token` and its messages; returns its app.
    func unregister(token: String) async -> String? {
        do {
            guard let agent = try await holder(of: token, among: try await desktop.apps(in: store)) else { return nil }
            try await store.unsubscribe(agent: agent, channel: token, now: scheduler.now)
            return desktop.service(of: agent)
        } catch {
            logger.warning("cannot remove a UnifiedPush registration: \(error)")
            return nil
        }
    }

    /// The app among `agents` holding a registration with `token`.
    private func holder(of token: String, among agents: [PushAgent]) async throws -> PushAgent? {
        for agent in agents where try await store.resources(of: agent).contains(where: { $0.channel == token }) {
            return agent
        }
        return nil
    }
}
