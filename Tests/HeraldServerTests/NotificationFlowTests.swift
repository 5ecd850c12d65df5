import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HummingbirdTesting
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

@Suite("Notifications over HTTP")
struct NotificationFlowTests {
    static let app = "com.example.shop"
    static let trash = API.Action(identifier: "trashAction", title: "Delete list", options: ["destructive", "authenticationRequired"])
    static let inform = API.Action(identifier: "justInform", title: "OK, got it")
    static let category = API.Category(identifier: "shoppingListReminderCategory", actions: [inform, trash])

    @Test("schedule, fire on the virtual clock, answer with an action: the delivery leaves the notification center")
    func scheduleFireRespond() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let base = "/v1/apps/\(Self.app)"
            let categories = try await client.call(.put, "\(base)/categories", token: token, json: API.CategoryList(categories: [Self.category]))
            #expect(try categories.decode(API.CategoryList.self).categories == [Self.category])
            let added = try await client.call(.post, "\(base)/requests", token: token, json: API.Request.simple("milk", category: Self.category.identifier))
            #expect(added.status == .created)
            let pending = try await client.call(.get, "\(base)/requests", token: token).decode([String: [API.PendingRequest]].self)
            #expect(pending["requests"]?.map(\.request.identifier) == ["milk"])
            #expect(pending["requests"]?.first?.request.content.categoryIdentifier == Self.category.identifier)

            let before = try await client.call(.post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: 59))
            #expect(try before.decode(API.Clock.self).isVirtual)
            #expect(try await client.call(.get, "\(base)/delivered", token: token).decode([String: [API.Delivery]].self)["deliveries"] == [])
            _ = try await client.call(.post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: 1))
            let delivered = try await client.call(.get, "\(base)/delivered", token: token).decode([String: [API.Delivery]].self)
            let delivery = try #require(delivered["deliveries"]?.first)
            #expect(delivery.request.identifier == "milk")
            #expect(try await client.call(.get, "\(base)/requests", token: token).decode([String: [API.PendingRequest]].self)["requests"] == [])

            let answer = try await client.call(
                .post, "/v1/deliveries/\(delivery.id)/response", token: daemon.admin,
                json: API.ResponseBody(actionIdentifier: "justInform"))
            #expect(answer.status == .noContent)
            #expect(try await client.call(.get, "\(base)/delivered", token: token).decode([String: [API.Delivery]].self)["deliveries"] == [])
            let again = try await client.call(
                .post, "/v1/deliveries/\(delivery.id)/response", token: daemon.admin,
                json: API.ResponseBody(actionIdentifier: "justInform"))
            #expect(again.status == .notFound)
            #expect(again.errorCode == "deliveryNotFound")
        }
    }

    @Test("an authentication-required action needs the user: an app's token is refused, the admin is not")
    func authenticationRequired() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let base = "/v1/apps/\(Self.app)"
            _ = try await client.call(.put, "\(base)/categories", token: token, json: API.CategoryList(categories: [Self.category]))
            _ = try await client.call(.post, "\(base)/requests", token: token, json: API.Request.simple("milk", in: nil, category: Self.category.identifier))
            let delivery = try #require(try await client.call(.get, "\(base)/delivered", token: token).decode([String: [API.Delivery]].self)["deliveries"]?.first)
            let byApp = try await client.call(
                .post, "/v1/deliveries/\(delivery.id)/response", token: token, json: API.ResponseBody(actionIdentifier: "trashAction"))
            #expect(byApp.status == .forbidden)
            #expect(byApp.errorCode == "authenticationRequired")
            let byUser = try await client.call(
                .post, "/v1/deliveries/\(delivery.id)/response", token: daemon.admin, json: API.ResponseBody(actionIdentifier: "trashAction"))
            #expect(byUser.status == .noContent)
        }
    }

    @Test("another app cannot see or answer a delivery")
    func deliveryIsolation() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let shop = try await client.register(Self.app, admin: daemon.admin)
            let todo = try await client.register("com.example.todo", admin: daemon.admin)
            _ = try await client.call(.post, "/v1/apps/\(Self.app)/requests", token: shop, json: API.Request.simple("milk", in: nil))
            let delivery = try #require(try await client.call(.get, "/v1/apps/\(Self.app)/delivered", token: shop).decode([String: [API.Delivery]].self)["deliveries"]?.first)
            #expect(try await client.call(.get, "/v1/deliveries/\(delivery.id)", token: todo).status == .notFound)
            #expect(try await client.call(.get, "/v1/deliveries/\(delivery.id)", token: shop).status == .ok)
            let answer = try await client.call(
                .post, "/v1/deliveries/\(delivery.id)/response", token: todo,
                json: API.ResponseBody(actionIdentifier: NotificationAction.defaultIdentifier))
            #expect(answer.status == .notFound)
        }
    }

    @Test("bad input gets a typed error with the right status and changes nothing")
    func badInput() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let base = "/v1/apps/\(Self.app)"
            let malformed = try await client.call(.post, "\(base)/requests", token: token, raw: #"{"identifier": "#)
            #expect(malformed.status == .badRequest)
            #expect(malformed.errorCode == "badRequest")
            let shape = try await client.call(.post, "\(base)/requests", token: token, raw: #"{"identifier": 3}"#)
            #expect(shape.status == .badRequest)
            let tooShort = try await client.call(.post, "\(base)/requests", token: token, json: API.Request.simple("a", in: 30, repeats: true))
            #expect(tooShort.status == .unprocessableContent)
            #expect(tooShort.errorCode == "invalidTrigger")
            let zone = API.Request(
                identifier: "z", content: API.Content(title: "t"),
                trigger: .calendar(API.DateFields(hour: 8), timeZone: "Mars/Olympus", repeats: true, notBefore: nil))
            #expect(try await client.call(.post, "\(base)/requests", token: token, json: zone).errorCode == "invalidTrigger")
            let badge = try await client.call(.put, "\(base)/badge", token: token, json: API.Badge(badge: -1))
            #expect(badge.errorCode == "badgeInputInvalid")
            let option = API.Category(identifier: "c", actions: [API.Action(identifier: "a", title: "A", options: ["loud"])])
            #expect(try await client.call(.put, "\(base)/categories", token: token, json: API.CategoryList(categories: [option])).errorCode == "invalidCategory")
            let big = String(repeating: "x", count: 70_000)
            let tooLarge = try await client.call(.put, "\(base)/categories", token: token, raw: big)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.errorCode == "payloadTooLarge")
            #expect(try await client.call(.get, "/v1/nowhere", token: token).errorCode == "notFound")
            #expect(try await client.call(.get, "/v1/apps/com.example.unknown/requests", token: daemon.admin).status == .notFound)
            #expect(try await client.call(.get, "\(base)/requests", token: token).decode([String: [API.PendingRequest]].self)["requests"] == [])
            #expect(try await client.call(.get, "\(base)/categories", token: token).decode(API.CategoryList.self).categories == [])
        }
    }

    @Test("a batch is added in one transaction; removing one, then all")
    func batchAndRemoval() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let base = "/v1/apps/\(Self.app)"
            let batch = API.RequestBatch(requests: [.simple("a", in: 60), .simple("b", in: 120), .simple("c", in: 30)])
            #expect(try await client.call(.post, "\(base)/requests", token: token, json: batch).status == .created)
            let bad = API.RequestBatch(requests: [.simple("d", in: 60), .simple("e", in: -1)])
            #expect(try await client.call(.post, "\(base)/requests", token: token, json: bad).errorCode == "invalidTrigger")
            var pending = try await client.call(.get, "\(base)/requests", token: token).decode([String: [API.PendingRequest]].self)
            #expect(pending["requests"]?.map(\.request.identifier) == ["c", "a", "b"])
            #expect(try await client.call(.delete, "\(base)/requests/a", token: token).status == .noContent)
            pending = try await client.call(.get, "\(base)/requests", token: token).decode([String: [API.PendingRequest]].self)
            #expect(pending["requests"]?.map(\.request.identifier) == ["c", "b"])
            _ = try await client.call(.post, "\(base)/requests", token: token, json: API.Request.simple("walk dog/é", in: 60))
            #expect(try await client.call(.delete, "\(base)/requests/walk%20dog%2F%C3%A9", token: token).status == .noContent)
            pending = try await client.call(.get, "\(base)/requests", token: token).decode([String: [API.PendingRequest]].self)
            #expect(pending["requests"]?.map(\.request.identifier) == ["c", "b"], "a percent-encoded identifier names the request")
            let badlyEncoded = try await client.call(.delete, "\(base)/requests/b%zz", token: token)
            #expect(badlyEncoded.status == .badRequest)
            #expect(badlyEncoded.errorMessage?.contains("badly percent-encoded") == true)
            pending = try await client.call(.get, "\(base)/requests", token: token).decode([String: [API.PendingRequest]].self)
            #expect(pending["requests"]?.map(\.request.identifier) == ["c", "b"], "a bad address removes nothing")
            #expect(try await client.call(.delete, "\(base)/requests", token: token).status == .noContent)
            pending = try await client.call(.get, "\(base)/requests", token: token).decode([String: [API.PendingRequest]].self)
            #expect(pending["requests"] == [])
        }
    }

    @Test("authorization under the ask policy waits for the user's answer; denied apps cannot add")
    func askPolicy() async throws {
        let daemon = try TestDaemon(policy: .ask)
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, name: "Shopping List", authorize: false, admin: daemon.admin)
            let base = "/v1/apps/\(Self.app)"
            async let asked = client.call(.post, "\(base)/authorization", token: token, json: API.AuthorizationRequest(options: ["alert", "sound"]))
            var prompts: [API.AuthorizationPrompt] = []
            while prompts.isEmpty {
                prompts = try await client.call(.get, "/v1/authorization-prompts", token: daemon.admin)
                    .decode([String: [API.AuthorizationPrompt]].self)["prompts"] ?? []
                await Task.yield()
            }
            #expect(prompts == [API.AuthorizationPrompt(app: Self.app, name: "Shopping List", options: ["alert", "sound"])])
            let answered = try await client.call(
                .post, "\(base)/authorization/answer", token: daemon.admin, json: API.AuthorizationAnswer(granted: false))
            #expect(answered.status == .noContent)
            #expect(try await asked.decode(API.AuthorizationResult.self).granted == false)
            let settings = try await client.call(.get, "\(base)/settings", token: token).decode(API.Settings.self)
            #expect(settings.authorizationStatus == "denied")
            let refused = try await client.call(.post, "\(base)/requests", token: token, json: API.Request.simple("milk"))
            #expect(refused.status == .forbidden)
            #expect(refused.errorCode == "notificationsNotAllowed")
        }
    }

    @Test("the user's preferences change how the next delivery is presented")
    func preferences() async throws {
        let daemon = try TestDaemon()
        let presenter = RecordingPresenter()
        let subscription = daemon.daemon.engine.addPresenter(presenter)
        defer { subscription.dispose() }
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let base = "/v1/apps/\(Self.app)"
            _ = try await client.call(.post, "\(base)/authorization", token: token, json: API.AuthorizationRequest(options: ["alert", "sound", "badge"]))
            let changed = try await client.call(
                .patch, "\(base)/preferences", token: daemon.admin, json: API.Preferences(alertStyle: "alert", soundsEnabled: false))
            let preferences = try changed.decode(API.Preferences.self)
            #expect(preferences.alertStyle == "alert")
            #expect(preferences.soundsEnabled == false)
            #expect(preferences.authorizationStatus == "authorized")
            let bad = try await client.call(.patch, "\(base)/preferences", token: daemon.admin, json: API.Preferences(alertStyle: "loud"))
            #expect(bad.errorCode == "invalidPayload")
            var request = API.Request.simple("milk", in: nil)
            request.content.sound = "default"
            _ = try await client.call(.post, "\(base)/requests", token: token, json: request)
            let presentation = try #require(presenter.presentations.last)
            #expect(presentation.style == .alert)
            #expect(presentation.sound == nil)
        }
    }
}
