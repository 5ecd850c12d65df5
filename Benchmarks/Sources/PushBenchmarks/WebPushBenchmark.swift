import BenchmarkSupport
import Crypto
import Foundation
import HeraldAPI
import HeraldServer
import Hummingbird
import NotificationEngine
import PushService
import Synchronization

/// P4: Web Push messages sent per second by the daemon, encryption included: deliveries
/// of an app fanned out to the browsers subscribed, each message kept in the outbox,
/// encrypted for its browser (RFC 8291), signed (VAPID) and POSTed to a push service
/// on loopback that answers 201. Beside it, in turns, swift-crypto's encryption alone of
/// as many messages (RFC 8291's steps written directly against swift-crypto, one
/// thread), and the sender's own making of each request (``WebPushMessage``), one thread.
enum WebPushBenchmark {
    static let app = "com.example.webpushbench"

    /// A browser's keys, as `pushManager.subscribe` makes them.
    struct Receiver: Sendable {
        let publicKey: Data
        let auth: Data

        init() {
            publicKey = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
            auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        }
    }

    /// A push service that takes every message (201) and counts them.
    final class Sink: Sendable {
        let received = Atomic<Int>(0)
    }

    static func run(browsers: Int, deliveries: Int, rounds: Int) async throws -> [String] {
        let sink = Sink()
        let sinkURL = try await startSink(sink)
        let daemon = try await DaemonUnderTest.startForWebPush()
        let receivers = (0..<browsers).map { _ in Receiver() }
        let token = try await prepare(daemon, receivers: receivers, sink: sinkURL)
        let messages = browsers * deliveries
        let payload = try samplePayload()
        print("  P4: daemon at \(daemon.apiURL); push service at \(sinkURL); \(browsers) browsers × \(deliveries) deliveries; "
            + "messages of \(payload.count) bytes")
        var sent: [Double] = []
        var made: [Double] = []
        var alone: [Double] = []
        for round in 0..<rounds {
            sent.append(try await send(daemon, token: token, round: round, deliveries: deliveries, sink: sink, expected: messages * (round + 1)))
            made.append(try madePerSecond(receivers, messages: messages, payload: payload))
            alone.append(try encryptedAlonePerSecond(receivers, messages: messages, payload: payload))
            print("  P4 round \(round + 1): sent \(grouped(sent.last!))/s; requests made \(grouped(made.last!))/s; "
                + "swift-crypto's encryption alone \(grouped(alone.last!))/s; load \(Machine.loadAverage)")
        }
        try? FileManager.default.removeItem(at: daemon.directory)
        let (s, m, a) = (median(sent), median(made), median(alone))
        return [
            "\(browsers) × \(deliveries)", grouped(s), grouped(m), grouped(a), fixed(s / a, 2), "≥ 0.5 of encryption alone",
            met(s >= 0.5 * a),
        ]
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Adds `deliveries` requests due at once in one batch; the time until the push
    /// service has every message they make, as messages per second.
    private static func send(
        _ daemon: DaemonUnderTest, token: String, round: Int, deliveries: Int, sink: Sink, expected: Int
    ) async throws -> Double {
        let requests = (0..<deliveries).map { index in
            API.Request(
                identifier: "r\(round)-\(index)",
                content: API.Content(title: "Lunch at noon?", body: "Anna invites you to the place on the corner, \(index)"))
        }
        let start = ContinuousClock.now
        // In batches of the most the API takes at once (256), one after another.
        for first in stride(from: 0, to: requests.count, by: 256) {
            let batch = API.RequestBatch(requests: Array(requests[first..<min(first + 256, requests.count)]))
            _ = try await HTTP.call(
                "POST", "\(daemon.apiURL)/v1/apps/\(app)/requests", token: token, json: batch, expect: 201,
                as: JSONValue.self)
        }
        let deadline = ContinuousClock.now + .seconds(120)
        while sink.received.load(ordering: .relaxed) < expected, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        let arrived = sink.received.load(ordering: .relaxed)
        guard arrived >= expected else {
            throw BenchmarkFailure("the push service had \(arrived) messages of \(expected) after 120 s")
        }
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        return Double(expected - expected / (round + 1) * round) / seconds
    }

    /// What the daemon sends, in size: a notification with a title, a body, two actions and its key.
    private static func samplePayload() throws -> Data {
        let notification = API.WebPushNotification(
            delivery: UUID().uuidString, app: app, appName: "Web Push bench", title: "Lunch at noon?",
            subtitle: "", body: "Anna invites you to the place on the corner, 100", tag: WebPushMessage.topic(for: "r0-100"),
            date: Date(), interruptionLevel: "active", sound: true,
            actions: [API.Action(identifier: "accept", title: "Accept"), API.Action(identifier: "decline", title: "Decline")],
            answerKey: Data(count: 32).base64EncodedString())
        return try API.encoder().encode(notification)
    }

    /// The sender's making of each request, as the presenter does it: the subscription
    /// read from its parts, the message encrypted, the VAPID authorization (kept) added.
    private static func madePerSecond(_ receivers: [Receiver], messages: Int, payload: Data) throws -> Double {
        let signer = VAPIDSigner(key: VAPIDKey(), subject: "mailto:bench@example.org")
        let keys = receivers.map { ($0.publicKey.base64URLEncodedForBench, $0.auth.base64URLEncodedForBench) }
        let now = Date()
        let start = ContinuousClock.now
        var bytes = 0
        for index in 0..<messages {
            let (p256dh, auth) = keys[index % keys.count]
            let subscription = try WebPushSubscription(endpoint: "https://push.example.net/\(index % keys.count)", p256dh: p256dh, auth: auth)
            let message = WebPushMessage(payload: payload, timeToLive: 86_400, urgency: .normal, topic: "abc")
            bytes &+= try message.request(to: subscription, authorization: signer.authorization(for: subscription.endpoint, now: now)).body.count
        }
        precondition(bytes > 0)
        return Double(messages) / ((ContinuousClock.now - start) / .seconds(1))
    }

    /// RFC 8291's encryption of each message with swift-crypto and nothing else: a key
    /// pair and a salt per message, the agreement, the two HKDF steps, AES-128-GCM, the
    /// header; the receivers' keys read once.
    private static func encryptedAlonePerSecond(_ receivers: [Receiver], messages: Int, payload: Data) throws -> Double {
        let keys = try receivers.map { try P256.KeyAgreement.PublicKey(x963Representation: $0.publicKey) }
        let cekInfo = Data("Content-Encoding: aes128gcm\0".utf8)
        let nonceInfo = Data("Content-Encoding: nonce\0".utf8)
        var record = payload
        record.append(2)
        let start = ContinuousClock.now
        var bytes = 0
        for index in 0..<messages {
            let receiver = receivers[index % receivers.count]
            let ephemeral = P256.KeyAgreement.PrivateKey()
            let senderKey = ephemeral.publicKey.x963Representation
            let salt = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
            let secret = try ephemeral.sharedSecretFromKeyAgreement(with: keys[index % keys.count])
            let inputKey = secret.hkdfDerivedSymmetricKey(
                using: SHA256.self, salt: receiver.auth,
                sharedInfo: Data("WebPush: info\0".utf8) + receiver.publicKey + senderKey, outputByteCount: 32)
            let prk = HKDF<SHA256>.extract(inputKeyMaterial: inputKey, salt: salt)
            let cek = HKDF<SHA256>.expand(pseudoRandomKey: prk, info: cekInfo, outputByteCount: 16)
            let nonce = HKDF<SHA256>.expand(pseudoRandomKey: prk, info: nonceInfo, outputByteCount: 12)
            let sealed = try AES.GCM.seal(record, using: cek, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
            var body = salt
            body.append(contentsOf: [0, 0, 16, 0, 65])
            body.append(senderKey)
            body.append(sealed.ciphertext)
            body.append(sealed.tag)
            bytes &+= body.count
        }
        precondition(bytes > 0)
        return Double(messages) / ((ContinuousClock.now - start) / .seconds(1))
    }

    /// Registers the app (allowed to show banners) and subscribes the browsers, their
    /// endpoints on the push service; returns the app's token.
    private static func prepare(_ daemon: DaemonUnderTest, receivers: [Receiver], sink: String) async throws -> String {
        let credentials = try await HTTP.call(
            "POST", "\(daemon.apiURL)/v1/apps", token: daemon.daemon.adminToken,
            json: API.AppRegistration(identifier: app, name: "Web Push bench", webhookURL: nil), expect: 201,
            as: API.AppCredentials.self)
        _ = try await HTTP.call(
            "POST", "\(daemon.apiURL)/v1/apps/\(app)/authorization", token: credentials.token,
            json: API.AuthorizationRequest(options: ["alert", "sound"]), expect: 200, as: API.AuthorizationResult.self)
        for (index, receiver) in receivers.enumerated() {
            let subscription = API.PushSubscriptionJSON(
                endpoint: "\(sink)/push/\(index)",
                keys: .init(p256dh: receiver.publicKey.base64URLEncodedForBench, auth: receiver.auth.base64URLEncodedForBench))
            _ = try await HTTP.call(
                "POST", "\(daemon.apiURL)/v1/push/browsers", token: daemon.daemon.adminToken,
                json: API.PushBrowserSubscribe(subscription: subscription, name: "Browser \(index)"), expect: 201,
                as: API.PushBrowser.self)
        }
        return credentials.token
    }

    /// The push service: `POST /push/{browser}` answered 201, counted.
    private static func startSink(_ sink: Sink) async throws -> String {
        let router = Router()
        router.post("push/:browser") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 8192)
            sink.received.add(1, ordering: .relaxed)
            return Response(status: .created)
        }
        let (urls, continuation) = AsyncStream.makeStream(of: String.self)
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: "PushService"),
            onServerRunning: { channel in continuation.yield("http://127.0.0.1:\(channel.localAddress?.port ?? 0)") })
        Task {
            do {
                try await application.runService()
            } catch {
                FileHandle.standardError.write(Data("PushBenchmarks: the push service stopped: \(error)\n".utf8))
            }
            continuation.finish()
        }
        for await url in urls { return url }
        throw BenchmarkFailure("the push service did not start")
    }
}

extension Data {
    /// Base64url without padding, as a subscription's JSON has its keys.
    fileprivate var base64URLEncodedForBench: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
