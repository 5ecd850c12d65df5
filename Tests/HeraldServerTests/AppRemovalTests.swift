import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HummingbirdTesting
import NotificationEngine
import Testing

@Suite("Removing an app forgets everything it had")
struct AppRemovalTests {
    @Test("consent, settings, categories, badge and notifications do not survive removal: the same identifier registered again is asked again")
    func removalForgetsConsent() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let admin = daemon.admin
            let first = try await client.register("com.example.shop", admin: admin)
            _ = try await client.call(
                .post, "/v1/apps/com.example.shop/authorization", token: first,
                json: API.AuthorizationRequest(options: ["alert", "badge"]))
            let category = API.Category(identifier: "c", actions: [API.Action(identifier: "ok", title: "OK")])
            _ = try await client.call(
                .put, "/v1/apps/com.example.shop/categories", token: first, json: API.CategoryList(categories: [category]))
            _ = try await client.call(.put, "/v1/apps/com.example.shop/badge", token: first, json: API.Badge(badge: 7))
            _ = try await client.call(.post, "/v1/apps/com.example.shop/requests", token: first, json: API.Request.simple("later", in: 600))
            #expect(try await client.call(.get, "/v1/apps/com.example.shop/settings", token: first)
                .decode(API.Settings.self).authorizationStatus == "authorized")

            #expect(try await client.call(.delete, "/v1/apps/com.example.shop", token: admin).status == .noContent)
            let again = try await client.register("com.example.shop", authorize: false, admin: admin)
            let settings = try await client.call(.get, "/v1/apps/com.example.shop/settings", token: again).decode(API.Settings.self)
            #expect(settings.authorizationStatus == "notDetermined", "the new app has not been asked")
            let refused = try await client.call(
                .post, "/v1/apps/com.example.shop/requests", token: again, json: API.Request.simple("x", in: 600))
            #expect(refused.errorCode == "notificationsNotAllowed")
            #expect(try await client.call(.get, "/v1/apps/com.example.shop/categories", token: again)
                .decode(API.CategoryList.self).categories.isEmpty)
            #expect(try await client.call(.get, "/v1/apps/com.example.shop/badge", token: again).decode(API.Badge.self).badge == 0)
            let pending = try await client.call(.get, "/v1/apps/com.example.shop/requests", token: again)
            #expect(String(decoding: pending.body, as: UTF8.self).contains("later") == false)
        }
    }
}
