import Foundation
import HeraldAPI
import HeraldServer
import Hummingbird
import HummingbirdTesting
import NotificationEngine
import Synchronization
import Testing

/// A delivery keeps the category it was made with on the wire: the web center,
/// the client and webhooks see what the engine answers by, not what the app
/// registered since.
@Suite("Deliveries carry the category they were made with")
struct MadeWithCategoryTests {
    static let app = "com.example.receipts"
    static let base = "/v1/apps/\(app)"
    static let later = API.Action(identifier: "later", title: "Later")
    static let made = API.Category(identifier: "receipt", actions: [later], options: ["customDismissAction"])
    static let changed = API.Category(
        identifier: "receipt", actions: [API.Action(identifier: "other", title: "Other")], options: [])

    /// Delivers one request of the category `made`, then registers `changed` in its place.
    static func deliverThenChange(_ client: any TestClientProtocol, token: String) async throws -> API.Delivery {
        _ = try await client.call(.put, "\(base)/categories", token: token, json: API.CategoryList(categories: [made]))
        let added = try await client.call(
            .post, "\(base)/requests", token: token, json: API.Request.simple("r", in: nil, category: "receipt"))
        #expect(added.status == .created)
        _ = try await client.call(.put, "\(base)/categories", token: token, json: API.CategoryList(categories: [changed]))
        return try #require(try await client.call(.get, "\(base)/delivered", token: token)
            .decode([String: [API.Delivery]].self)["deliveries"]?.first)
    }

    @Test("the delivered list and the delivery carry the made category and the rules' results for it")
    func listedAfterTheChange() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let listed = try await Self.deliverThenChange(client, token: token)
            #expect(listed.category == Self.made)
            #expect(listed.bannerActions == [Self.later])
            #expect(listed.reportsDismissal == true)
            #expect(listed.answersOpeningApp == [NotificationAction.defaultIdentifier])
            let one = try await client.call(.get, "/v1/deliveries/\(listed.id)", token: token).decode(API.Delivery.self)
            #expect(one == listed)

            let answer = try await client.call(
                .post, "/v1/deliveries/\(listed.id)/response", token: daemon.admin,
                json: API.ResponseBody(actionIdentifier: NotificationAction.dismissIdentifier))
            #expect(answer.status == .noContent)
            let waiting = try await client.call(.get, "\(Self.base)/responses", token: token)
                .decode([String: [API.Response]].self)["responses"] ?? []
            #expect(waiting.map(\.delivery.id) == [listed.id], "the dismissal reached the app, as the made category says")
        }
    }

    @Test("a webhook's posts carry the made category, and the dismissal it says reaches the app")
    func webhookAfterTheChange() async throws {
        let receiver = WebhookTests.Receiver(failFirst: 0)
        let hook = Application(router: receiver.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await hook.test(.live) { hookClient in
            let daemon = try TestDaemon(virtualClock: false)
            try await daemon.withLiveServer { client in
                let token = try await client.register(
                    Self.app, webhook: "http://127.0.0.1:\(hookClient.port!)/hook", admin: daemon.admin)
                let listed = try await Self.deliverThenChange(client, token: token)
                _ = try await client.call(
                    .post, "/v1/deliveries/\(listed.id)/response", token: daemon.admin,
                    json: API.ResponseBody(actionIdentifier: NotificationAction.dismissIdentifier))
                try await WebhookTests.wait { receiver.hits.withLock { $0.count } >= 2 }
                let posted = receiver.hits.withLock { $0 }.compactMap { hit -> (String, API.Delivery)? in
                    switch hit.event.kind {
                    case .delivered(let delivery): ("delivered", delivery)
                    case .responded(let response) where response.reachesApp: ("responded", response.delivery)
                    default: nil
                    }
                }
                #expect(posted.map(\.0).sorted() == ["delivered", "responded"])
                #expect(posted.allSatisfy { $0.1.category == Self.made && $0.1.reportsDismissal == true })
            }
        }
    }

    @Test("a delivery without a category carries none, no banner actions, and a dismissal that stays")
    func withoutCategory() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            _ = try await client.call(.post, "\(Self.base)/requests", token: token, json: API.Request.simple("r", in: nil))
            let listed = try #require(try await client.call(.get, "\(Self.base)/delivered", token: token)
                .decode([String: [API.Delivery]].self)["deliveries"]?.first)
            #expect(listed.category == nil)
            #expect(listed.bannerActions == [])
            #expect(listed.reportsDismissal == false)
            #expect(listed.answersOpeningApp == [NotificationAction.defaultIdentifier])
        }
    }

    @Test("the answers that open the app are the tap and the foreground actions of the made category")
    func answersOpeningApp() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let open = API.Action(identifier: "open", title: "Open", options: ["foreground"])
            let reply = API.Action(
                identifier: "reply", title: "Reply", options: ["foreground", "authenticationRequired"],
                textInput: API.Action.TextInput(buttonTitle: "Send", placeholder: "Message"))
            let category = API.Category(
                identifier: "chat", actions: [Self.later, open, reply], minimalActions: [reply],
                options: ["customDismissAction"])
            _ = try await client.call(.put, "\(Self.base)/categories", token: token, json: API.CategoryList(categories: [category]))
            _ = try await client.call(
                .post, "\(Self.base)/requests", token: token, json: API.Request.simple("r", in: nil, category: "chat"))
            let listed = try #require(try await client.call(.get, "\(Self.base)/delivered", token: token)
                .decode([String: [API.Delivery]].self)["deliveries"]?.first)
            #expect(listed.answersOpeningApp == [NotificationAction.defaultIdentifier, "open", "reply"])
            #expect(listed.bannerActions == [reply])
        }
    }
}
