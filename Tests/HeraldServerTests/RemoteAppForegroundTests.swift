import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HummingbirdTesting
import NotificationEngine
import Testing

@Suite("An app reached over HTTP stays in the background after a response opens it")
struct RemoteAppForegroundTests {
    static let app = "com.example.shop"

    func deliveredIdentifiers(_ client: any TestClientProtocol, token: String) async throws -> [String] {
        let answer = try await client.call(.get, "/v1/apps/\(Self.app)/delivered", token: token)
        return try answer.decode([String: [API.Delivery]].self)["deliveries"]?.map(\.request.identifier) ?? []
    }

    @Test("after a tap, the app's next delivery is listed and presented, as before the tap",
          arguments: [NotificationAction.defaultIdentifier, "open"])
    func deliveriesAfterOpening(_ action: String) async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let base = "/v1/apps/\(Self.app)"
            let category = API.Category(identifier: "list", actions: [API.Action(identifier: "open", title: "Open", options: ["foreground"])])
            _ = try await client.call(.put, "\(base)/categories", token: token, json: API.CategoryList(categories: [category]))
            _ = try await client.call(.post, "\(base)/requests", token: token, json: API.Request.simple("milk", in: nil, category: "list"))
            let delivery = try #require(try await client.call(.get, "\(base)/delivered", token: token)
                .decode([String: [API.Delivery]].self)["deliveries"]?.first)
            let answer = try await client.call(
                .post, "/v1/deliveries/\(delivery.id)/response", token: daemon.admin, json: API.ResponseBody(actionIdentifier: action))
            #expect(answer.status == .noContent)

            let added = try await client.call(.post, "\(base)/requests", token: token, json: API.Request.simple("eggs", in: nil))
            #expect(added.status == .created)
            #expect(try await deliveredIdentifiers(client, token: token) == ["eggs"])
            _ = try await client.call(.post, "\(base)/requests", token: token, json: API.Request.simple("bread", in: 60))
            _ = try await client.call(.post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: 60))
            #expect(Set(try await deliveredIdentifiers(client, token: token)) == ["eggs", "bread"])
        }
    }

    @Test("a tap given outside the API, as the desktop presenter gives it, sends the app back to the background too")
    func openedOutsideTheAPI() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let base = "/v1/apps/\(Self.app)"
            _ = try await client.call(.post, "\(base)/requests", token: token, json: API.Request.simple("milk", in: nil))
            let delivery = try #require(try await client.call(.get, "\(base)/delivered", token: token)
                .decode([String: [API.Delivery]].self)["deliveries"]?.first)
            // The desktop presenter answers a click through the engine, not the API.
            try daemon.daemon.engine.respond(
                to: DeliveryID(rawValue: try #require(UUID(uuidString: delivery.id))), actionIdentifier: NotificationAction.defaultIdentifier,
                authenticated: true)

            // The app goes back to the background when the daemon hears of the
            // opening: from then on what it adds is listed again (an app left in the
            // foreground, with no delegate in the daemon, would be shown nothing).
            let deadline = ContinuousClock.now + .seconds(60)
            var probe = 0
            var listed = false
            while !listed, ContinuousClock.now < deadline {
                probe += 1
                let added = try await client.call(
                    .post, "\(base)/requests", token: token, json: API.Request.simple("probe \(probe)", in: nil))
                #expect(added.status == .created)
                listed = try await deliveredIdentifiers(client, token: token).contains("probe \(probe)")
                if !listed { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(listed, "the app stayed in the foreground after a tap given outside the API")
        }
    }
}
