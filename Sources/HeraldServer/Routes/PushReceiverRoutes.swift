import Foundation
import HeraldAPI
import Hummingbird
import PushService

/// `/v1/push/receivers` (admin): the receivers of Herald as a push service, browsers
/// on its push socket and UnifiedPush apps on the desktop, with their subscriptions;
/// and removing one subscription, which ends its endpoint (the application server
/// gets 404 from then on) and, for a UnifiedPush app, tells the app
/// (`Unregistered`).
struct PushReceiverRoutes {
    let resources: any PushResourceStore
    let receivers: PushReceivers
    let now: @Sendable () -> Date

    func add(to router: Router<HeraldRequestContext>) {
        let group = router.group("v1/push/receivers")
        group.get { _, context in
            try context.requireAdmin()
            return JSONResponse(API.PushReceivers(receivers: try await list()))
        }
        group.delete(":receiver/subscriptions/:channel") { _, context in
            try context.requireAdmin()
            let (text, channel) = (try context.pathParameter("receiver"), try context.pathParameter("channel"))
            guard let agent = PushAgent(stored: text),
                let removed = try await PushServiceRoutes.refusing({ try await resources.unsubscribe(agent: agent, channel: channel, now: now()) })
            else {
                throw ServerError.notFound("\(text.prefix(120)) has no subscription \(channel.prefix(120))")
            }
            receivers.removed(removed)
            return Response(status: .noContent)
        }
    }

    private func list() async throws -> [API.PushReceiver] {
        var listed: [API.PushReceiver] = []
        for kind in [PushAgent.Kind.unifiedPush, .browser] {
            for agent in try await PushServiceRoutes.refusing({ try await resources.agents(of: kind) }) {
                let subscriptions = try await PushServiceRoutes.refusing { try await resources.resources(of: agent) }.map { resource in
                    API.PushReceiverSubscription(
                        channel: resource.channel, subscribedAt: resource.createdAt, vapid: resource.applicationServerKey != nil)
                }
                listed.append(
                    API.PushReceiver(
                        receiver: agent.stored, kind: kind == .browser ? .browser : .unifiedPush, name: agent.displayName,
                        connected: receivers.isConnected(agent), subscriptions: subscriptions))
            }
        }
        return listed
    }
}
