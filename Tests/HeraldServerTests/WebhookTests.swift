import Crypto
import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import Hummingbird
import HummingbirdTesting
import NIOCore
import NotificationEngine
import ServiceLifecycle
import Synchronization
import Testing

@Suite("Webhooks")
struct WebhookTests {
    /// What the app's webhook endpoint received.
    final class Receiver: Sendable {
        struct Hit: Sendable {
            var event: API.Event
            var body: Data
            var signature: String
            var deliveryHeader: String?
        }

        let hits = Mutex<[Hit]>([])
        /// How many requests to fail with 503 before accepting.
        let failures: Mutex<Int>
        /// Every request received, failed or not.
        let requests = Mutex(0)

        init(failFirst: Int) {
            failures = Mutex(failFirst)
        }

        func router() -> Router<BasicRequestContext> {
            let router = Router()
            router.post("hook") { request, context in
                let buffer = try await request.body.collect(upTo: 1 << 20)
                let body = Data(buffer.readableBytesView)
                self.requests.withLock { $0 += 1 }
                let fail = self.failures.withLock { count in
                    defer { count -= 1 }
                    return count > 0
                }
                if fail { return Response(status: .serviceUnavailable) }
                let event = try API.decoder().decode(API.Event.self, from: body)
                let hit = Hit(
                    event: event, body: body, signature: request.headers[HTTPField.Name("X-Herald-Signature")!] ?? "",
                    deliveryHeader: request.headers[HTTPField.Name("X-Herald-Delivery")!])
                self.hits.withLock { $0.append(hit) }
                return Response(status: .noContent)
            }
            return router
        }
    }

    /// Waits up to 10 s for `condition`; the test's expectations say what was missing.
    static func wait(until condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    static func verify(_ hit: Receiver.Hit, secret: String) -> Bool {
        let parts = Dictionary(uniqueKeysWithValues: hit.signature.split(separator: ",").compactMap { part in
            part.split(separator: "=", maxSplits: 1).map(String.init).count == 2
                ? (String(part.split(separator: "=")[0]), String(part.split(separator: "=", maxSplits: 1)[1])) : nil
        })
        guard let timestamp = parts["t"], let signature = parts["v1"] else { return false }
        let code = HMAC<SHA256>.authenticationCode(
            for: Data((timestamp + ".").utf8) + hit.body, using: SymmetricKey(data: Data(secret.utf8)))
        return code.map { String(format: "%02x", $0) }.joined() == signature
    }

    @Test("an app's deliveries and responses reach its webhook, signed, after retries")
    func signedWithRetries() async throws {
        let receiver = Receiver(failFirst: 2)
        let hook = Application(router: receiver.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await hook.test(.live) { hookClient in
            let url = "http://127.0.0.1:\(hookClient.port!)/hook"
            // Retries follow the daemon's clock: the real one here (the retry schedule itself is
            // tested in virtual time in WebhookRetryTests).
            let daemon = try TestDaemon(virtualClock: false)
            try await daemon.withLiveServer { client in
                let credentials = try await client.call(
                    .post, "/v1/apps", token: daemon.admin,
                    json: API.AppRegistration(identifier: "com.example.hooked", name: "Hooked", webhookURL: url)
                ).decode(API.AppCredentials.self)
                let secret = try #require(credentials.webhookSecret)
                _ = try await client.call(
                    .post, "/v1/apps/com.example.hooked/authorization", token: credentials.token,
                    json: API.AuthorizationRequest(options: ["alert"]))
                _ = try await client.call(
                    .post, "/v1/apps/com.example.hooked/requests", token: credentials.token, json: API.Request.simple("ping", in: nil))
                let delivery = try #require(try await client.call(.get, "/v1/apps/com.example.hooked/delivered", token: credentials.token)
                    .decode([String: [API.Delivery]].self)["deliveries"]?.first)
                _ = try await client.call(
                    .post, "/v1/deliveries/\(delivery.id)/response", token: daemon.admin,
                    json: API.ResponseBody(actionIdentifier: NotificationAction.defaultIdentifier))
                let deadline = ContinuousClock.now + .seconds(10)
                while receiver.hits.withLock({ $0.count }) < 2 && ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                }
                let hits = receiver.hits.withLock { $0 }
                #expect(hits.map(\.event.type.rawValue).sorted() == ["delivered", "responded"])
                #expect(hits.allSatisfy { Self.verify($0, secret: secret) })
                #expect(hits.allSatisfy { $0.deliveryHeader == delivery.id })
                #expect(!hits.contains { Self.verify($0, secret: secret + "x") })
                #expect(receiver.failures.withLock { $0 } <= 0)
            }
        }
    }

    @Test("a post owed when the daemon stops is sent, once, when it starts again, with what came due while it was down")
    func survivesRestart() async throws {
        let receiver = Receiver(failFirst: 1_000_000)
        let hook = Application(router: receiver.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await hook.test(.live) { hookClient in
            let url = "http://127.0.0.1:\(hookClient.port!)/hook"
            let start = Date()
            let first = try TestDaemon(webhookRetryDelays: [.seconds(3600)], clockStart: start)
            let secret = try await first.withLiveServerReturning { client in
                let credentials = try await client.call(
                    .post, "/v1/apps", token: first.admin,
                    json: API.AppRegistration(identifier: "com.example.hooked", name: "Hooked", webhookURL: url)
                ).decode(API.AppCredentials.self)
                _ = try await client.call(
                    .post, "/v1/apps/com.example.hooked/authorization", token: credentials.token,
                    json: API.AuthorizationRequest(options: ["alert"]))
                for request in [API.Request.simple("now", in: nil), .simple("later", in: 600)] {
                    _ = try await client.call(.post, "/v1/apps/com.example.hooked/requests", token: credentials.token, json: request)
                }
                // The first attempt fails; the next is an hour away when the daemon stops.
                try await Self.wait { receiver.requests.withLock { $0 } >= 1 }
                return try #require(credentials.webhookSecret)
            }
            #expect(receiver.requests.withLock { $0 } == 1)
            #expect(receiver.hits.withLock { $0 }.isEmpty)

            receiver.failures.withLock { $0 = 0 }
            // Started an hour later: "later" came due while the daemon was down.
            let second = try TestDaemon(directory: first.directory, clockStart: start + 3600)
            try await second.withLiveServer { client in
                try await Self.wait { receiver.hits.withLock { $0.count } >= 2 }
                let delivered = try #require(receiver.hits.withLock { $0 }.first { $0.event.deliveredDelivery?.request.identifier == "now" })
                _ = try await client.call(
                    .post, "/v1/deliveries/\(delivered.event.deliveredDelivery!.id)/response", token: second.admin,
                    json: API.ResponseBody(actionIdentifier: NotificationAction.defaultIdentifier))
                try await Self.wait { receiver.hits.withLock { $0.count } >= 3 }
            }
            let hits = receiver.hits.withLock { $0 }
            #expect(hits.map(\.event.type.rawValue).sorted() == ["delivered", "delivered", "responded"])
            #expect(hits.compactMap { $0.event.deliveredDelivery?.request.identifier }.sorted() == ["later", "now"])
            #expect(hits.first { $0.event.deliveredDelivery?.request.identifier == "later" }?.event.deliveredDelivery?.isLate == true)
            #expect(hits.allSatisfy { Self.verify($0, secret: secret) })
            #expect(Set(hits.map(\.event.sequence)).count == 3)
        }
    }

    @Test("a webhook that answers with a redirect is not followed: the signed post never reaches the other address")
    func redirectsAreNotFollowed() async throws {
        let target = Receiver(failFirst: 0)
        let targetApp = Application(router: target.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await targetApp.test(.live) { targetClient in
            let elsewhere = "http://127.0.0.1:\(targetClient.port!)/hook"
            let redirects = Mutex(0)
            let router = Router()
            router.post("hook") { _, _ in
                redirects.withLock { $0 += 1 }
                return Response(status: .temporaryRedirect, headers: [.location: elsewhere])
            }
            let hook = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            try await hook.test(.live) { hookClient in
                let url = "http://127.0.0.1:\(hookClient.port!)/hook"
                let daemon = try TestDaemon(virtualClock: false, webhookRetryDelays: [.milliseconds(10), .milliseconds(10)])
                try await daemon.withLiveServer { client in
                    let credentials = try await client.call(
                        .post, "/v1/apps", token: daemon.admin,
                        json: API.AppRegistration(identifier: "com.example.hooked", name: "Hooked", webhookURL: url)
                    ).decode(API.AppCredentials.self)
                    _ = try await client.call(
                        .post, "/v1/apps/com.example.hooked/authorization", token: credentials.token,
                        json: API.AuthorizationRequest(options: ["alert"]))
                    _ = try await client.call(
                        .post, "/v1/apps/com.example.hooked/requests", token: credentials.token,
                        json: API.Request.simple("ping", in: nil))
                    // Each redirect counts as a failed attempt: the first try and two retries.
                    try await Self.wait { redirects.withLock { $0 } >= 3 }
                    try await Task.sleep(for: .milliseconds(200))
                }
            }
            #expect(redirects.withLock { $0 } == 3)
            #expect(target.requests.withLock { $0 } == 0, "the redirect's target got nothing")
        }
    }
}

extension API.Event {
    /// The delivery of a `delivered` event.
    fileprivate var deliveredDelivery: API.Delivery? {
        if case .delivered(let delivery) = kind { delivery } else { nil }
    }
}
