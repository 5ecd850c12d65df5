import Crypto
import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HummingbirdTesting
import NotificationModel
import PushService
import Synchronization
import Testing

/// `/v1/push/browsers`: the browsers the person subscribes to Web Push, the key they
/// subscribe with, and which apps' notifications each gets; the admin's alone.
@Suite("Browsers subscribed to Web Push")
struct PushBrowserRouteTests {
    static func subscription(_ endpoint: String = "https://updates.push.services.mozilla.com/wpush/v2/abc")
        -> API.PushBrowserSubscribe
    {
        let key = P256.KeyAgreement.PrivateKey().publicKey.x963Representation.base64URLEncoded
        return API.PushBrowserSubscribe(
            subscription: API.PushSubscriptionJSON(
                endpoint: endpoint, keys: .init(p256dh: key, auth: Data(count: 16).base64URLEncoded)))
    }

    @Test("the admin subscribes, names, narrows and removes browsers; the key and the browsers survive a restart")
    func lifecycle() async throws {
        let daemon = try TestDaemon()
        let key = Mutex("")
        try await daemon.withRouter { client in
            let empty = try await client.call(.get, "/v1/push/browsers", token: daemon.admin).decode(API.PushBrowsers.self)
            #expect(empty.browsers == [])
            key.withLock { $0 = empty.applicationServerKey }
            #expect(Data(base64URL: empty.applicationServerKey)?.count == 65)
            let added = try await client.call(
                .post, "/v1/push/browsers", token: daemon.admin, json: Self.subscription(),
                headers: [.userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"])
            #expect(added.status == .created)
            let browser = try added.decode(API.PushBrowser.self)
            #expect(browser.name == "Firefox on Linux")
            #expect(browser.pushService == "https://updates.push.services.mozilla.com")
            #expect(!String(decoding: added.body, as: UTF8.self).contains("wpush"), "the endpoint is a capability")
            let narrowed = try await client.call(
                .put, "/v1/push/browsers/\(browser.identifier)/apps/com.example.chat", token: daemon.admin,
                json: API.PushBrowserApp(receives: false))
            #expect(try narrowed.decode(API.PushBrowser.self).excludedApps == ["com.example.chat"])
        }
        let restarted = try TestDaemon(directory: daemon.directory)
        try await restarted.withRouter { client in
            let listing = try await client.call(.get, "/v1/push/browsers", token: restarted.admin)
                .decode(API.PushBrowsers.self)
            #expect(listing.applicationServerKey == key.withLock { $0 })
            let browser = try #require(listing.browsers.first)
            #expect(browser.excludedApps == ["com.example.chat"])
            #expect(try await client.call(.delete, "/v1/push/browsers/\(browser.identifier)", token: restarted.admin).status == .noContent)
            #expect(try await client.call(.delete, "/v1/push/browsers/\(browser.identifier)", token: restarted.admin).status == .notFound)
            let put = try await client.call(
                .put, "/v1/push/browsers/\(browser.identifier)/apps/com.example.chat", token: restarted.admin,
                json: API.PushBrowserApp(receives: true))
            #expect(put.status == .notFound)
        }
    }

    @Test("an app's token reaches none of it: an app cannot subscribe a browser to other apps' notifications")
    func adminOnly() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let app = try await client.register("com.example.chat", admin: daemon.admin)
            #expect(try await client.call(.get, "/v1/push/browsers", token: app).status == .forbidden)
            #expect(try await client.call(.post, "/v1/push/browsers", token: app, json: Self.subscription()).status == .forbidden)
            #expect(try await client.call(.delete, "/v1/push/browsers/wps_x", token: app).status == .forbidden)
            let put = try await client.call(
                .put, "/v1/push/browsers/wps_x/apps/com.example.chat", token: app, json: API.PushBrowserApp(receives: true))
            #expect(put.status == .forbidden)
            let listing = try await client.call(.get, "/v1/push/browsers", token: daemon.admin).decode(API.PushBrowsers.self)
            #expect(listing.browsers == [])
        }
    }

    @Test(arguments: [
        ("http://push.example.net/x", "invalidSubscription"),
        ("javascript:alert(1)", "invalidSubscription"),
        ("https://user:password@push.example.net/x", "invalidSubscription"),
    ])
    func aSubscriptionThatCannotBeSentToIsRefused(endpoint: String, code: String) async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let answer = try await client.call(.post, "/v1/push/browsers", token: daemon.admin, json: Self.subscription(endpoint))
            #expect(answer.status == .unprocessableContent)
            #expect(answer.errorCode == code)
            var named = Self.subscription()
            named.name = String(repeating: "n", count: 101)
            let long = try await client.call(.post, "/v1/push/browsers", token: daemon.admin, json: named)
            #expect(long.status == .unprocessableContent && long.errorCode == "invalidIdentifier")
            let listing = try await client.call(.get, "/v1/push/browsers", token: daemon.admin).decode(API.PushBrowsers.self)
            #expect(listing.browsers == [])
        }
    }

    @Test(arguments: [
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36", "Chrome on Linux"),
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0 Chrome/120.0 Safari/537.36",
         "Chromium on Linux"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0", "Edge on Windows"),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15", "Safari on macOS"),
        ("curl/8.0", "A browser"),
    ])
    func aBrowserIsNamedFromItsUserAgent(agent: String, name: String) {
        #expect(PushBrowserRoutes.name(userAgent: agent) == name)
    }

    @Test("a body too long for one push is cut, at a character, so that the whole fits")
    func longBodiesAreCut() throws {
        let content = NotificationContent(title: "Minutes", body: String(repeating: "é", count: 3000))
        let delivery = Delivery(
            id: DeliveryID(), app: AppIdentifier("com.example.chat"),
            request: NotificationRequest(identifier: "minutes", content: content), scheduledDate: Date(), date: Date(),
            isLate: false)
        let presentation = Presentation(
            delivery: delivery, style: .banner, sound: nil, badge: 0, actions: [], bannerActions: [], reportsDismissal: false)
        let json = try API.WebPushNotification.json(of: presentation, appName: "Chat", answerKey: "k")
        #expect(json.count <= WebPushEncryption.maximumPlaintextSize)
        let notification = try API.decoder().decode(API.WebPushNotification.self, from: json)
        #expect(notification.isTruncated && notification.body.count > 1500)
        #expect(content.body.hasPrefix(notification.body))
        let short = try API.decoder().decode(
            API.WebPushNotification.self,
            from: API.WebPushNotification.json(
                of: Presentation(
                    delivery: Delivery(
                        id: delivery.id, app: delivery.app,
                        request: NotificationRequest(identifier: "hi", content: NotificationContent(title: "Hi")),
                        scheduledDate: Date(), date: Date(), isLate: false),
                    style: .banner, sound: .default, badge: 0, actions: [], bannerActions: [], reportsDismissal: false),
                appName: "Chat", answerKey: "k"))
        #expect(!short.isTruncated && short.sound && short.title == "Hi")
    }
}
