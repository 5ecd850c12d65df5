import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HummingbirdTesting
import PushService
import Testing

/// `/v1/push/receivers`: who receives pushes through Herald as a push service, and
/// removing a subscription; the admin's alone.
@Suite("The push service's receivers")
struct PushReceiverRouteTests {
    @Test("the admin lists the receivers and removes a subscription; its endpoint is refused from then on")
    func listAndRemove() async throws {
        let daemon = try TestDaemon()
        // A desktop app, as the distributor names it: its machine, then its D-Bus name.
        let app = PushAgent(.unifiedPush, "m1/org.example.Chat")
        let kept = try await daemon.daemon.pushResources.subscribe(agent: app, channel: "t1", applicationServerKey: nil, now: Date())
        let removed = try await daemon.daemon.pushResources.subscribe(agent: app, channel: "t2", applicationServerKey: nil, now: Date())
        try await daemon.withRouter { client in
            let listed = try await client.call(.get, "/v1/push/receivers", token: daemon.admin).decode(API.PushReceivers.self)
            #expect(listed.receivers.map(\.receiver) == ["up:m1/org.example.Chat"])
            #expect(listed.receivers.map(\.name) == ["org.example.Chat"])
            #expect(listed.receivers.first?.kind == .unifiedPush)
            #expect(listed.receivers.first?.subscriptions.map(\.channel) == ["t1", "t2"])
            let delete = try await client.call(.delete, "/v1/push/receivers/up:m1%2Forg.example.Chat/subscriptions/t2", token: daemon.admin)
            #expect(delete.status == .noContent)
            let again = try await client.call(.delete, "/v1/push/receivers/up:m1%2Forg.example.Chat/subscriptions/t2", token: daemon.admin)
            #expect(again.status == .notFound)
            #expect(try await client.call(.delete, "/v1/push/receivers/nobody/subscriptions/t1", token: daemon.admin).status == .notFound)
            let post: HTTPFields = [HTTPField.Name("TTL")!: "60", .contentEncoding: "aes128gcm"]
            #expect(try await client.call(.post, "/push/\(removed.token)", raw: "sealed", headers: post).status == .notFound)
            #expect(try await client.call(.post, "/push/\(kept.token)", raw: "sealed", headers: post).status == .created)
        }
    }

    @Test("an app's token reaches none of it")
    func adminOnly() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let app = try await client.register("com.example.chat", admin: daemon.admin)
            #expect(try await client.call(.get, "/v1/push/receivers", token: app).status == .forbidden)
            #expect(try await client.call(.delete, "/v1/push/receivers/up:x/subscriptions/t", token: app).status == .forbidden)
            #expect(try await client.call(.get, "/v1/push/receivers").status == .unauthorized)
        }
    }
}
