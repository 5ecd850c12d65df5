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
}
