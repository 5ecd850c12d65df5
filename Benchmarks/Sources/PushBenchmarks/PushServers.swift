import Crypto
import Foundation
import FoundationNetworking
import HeraldAPI
@_spi(Benchmarks) import HeraldServer
import NotificationEngine
import Signals
import Synchronization

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The real daemon (`HeraldDaemon`, what `herald serve --push-port 0` runs) in this
/// process, with its provider API over TLS (or h2c), a temporary data directory
/// (SQLite), the real clock, the grant-all policy, no bundled apps and no desktop; one
/// app authorized and registered for remote notifications, a provider key made here
/// and registered through the daemon's API, and a provider token signed once.
struct DaemonUnderTest {
    static let app = "com.example.pushbench"
    static let team = "BENCHTEAM1"
    static let keyID = "BENCHKEY01"

    let daemon: HeraldDaemon
    let apiURL: String
    let pushURL: String
    let directory: URL
    let deviceToken: String
    let providerToken: String
    /// How many deliveries the app has had (`delivered` events of the engine).
    let deliveries: Deliveries

    /// Counts the app's `delivered` events.
    final class Deliveries: Sendable {
        let count = Atomic<Int>(0)
        let subscription = Mutex<(any Disposable)?>(nil)
    }

    static func start(plaintext: Bool) async throws -> DaemonUnderTest {
        var push = PushListenerConfiguration(port: 0, plaintext: plaintext)
        // One device token takes every push of a run: the per-token limit (a burst of
        // 1,000, then 100 a second) would be what the run measured.
        push.tokenBurst = 1e12
        push.tokenPushesPerSecond = 1e12
        let started = try await start { $0.push = push }
        let (deviceToken, providerToken) = try await prepare(api: started.apiURL, admin: started.daemon.adminToken)
        return DaemonUnderTest(
            daemon: started.daemon, apiURL: started.apiURL, pushURL: started.pushURL, directory: started.directory,
            deviceToken: deviceToken, providerToken: providerToken, deliveries: started.deliveries)
    }

    /// A daemon for P4: no provider listener, and limits that a burst of deliveries
    /// does not reach; no device token nor provider token.
    static func startForWebPush() async throws -> DaemonUnderTest {
        try await start { configuration in
            configuration.pendingLimitPerApp = 1_000_000
            configuration.deliveredLimitPerApp = 1_000_000
        }
    }

    private static func start(_ configure: (inout DaemonConfiguration) -> Void) async throws -> DaemonUnderTest {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-push-bench-\(UUID().uuidString)")
        var configuration = DaemonConfiguration(
            port: 0, dataDirectory: directory, authorizationPolicy: .grantAll, bundledApps: false)
        configuration.desktop = .off
        configure(&configuration)
        let daemon = try HeraldDaemon(configuration: configuration)
        let (urls, continuation) = AsyncStream.makeStream(of: (api: Bool, url: String).self)
        Task {
            do {
                try await daemon.run(
                    onRunning: { continuation.yield((true, $0)) }, onPushRunning: { url, _ in continuation.yield((false, url)) })
            } catch {
                FileHandle.standardError.write(Data("PushBenchmarks: the daemon stopped: \(error)\n".utf8))
            }
            continuation.finish()
        }
        var api: String?
        var pushURL: String?
        let waitsForPush = configuration.push != nil
        for await (isAPI, url) in urls {
            if isAPI { api = url } else { pushURL = url }
            if api != nil, pushURL != nil || !waitsForPush { break }
        }
        guard let api, pushURL != nil || !waitsForPush else { throw BenchmarkFailure("the daemon did not start") }
        let deliveries = Deliveries()
        let subscription = daemon.engine.events.subscribeNext { event in
            if case .delivered(let delivery) = event, delivery.app.rawValue == app {
                deliveries.count.add(1, ordering: .relaxed)
            }
        }
        deliveries.subscription.withLock { $0 = subscription }
        return DaemonUnderTest(
            daemon: daemon, apiURL: api, pushURL: pushURL ?? "", directory: directory, deviceToken: "",
            providerToken: "", deliveries: deliveries)
    }

    /// Registers the app (authorized to show alerts, registered for remote
    /// notifications) and a provider key of the team for its topic, all over the HTTP
    /// API; returns the app's device token and a provider token signed by the key.
    private static func prepare(api: String, admin: String) async throws -> (device: String, provider: String) {
        let credentials = try await HTTP.call(
            "POST", "\(api)/v1/apps", token: admin, json: API.AppRegistration(identifier: app, name: app, webhookURL: nil),
            expect: 201, as: API.AppCredentials.self)
        _ = try await HTTP.call(
            "POST", "\(api)/v1/apps/\(app)/authorization", token: credentials.token,
            json: API.AuthorizationRequest(options: ["alert", "sound", "badge"]), expect: 200, as: API.AuthorizationResult.self)
        let device = try await HTTP.call(
            "POST", "\(api)/v1/push/registration", token: credentials.token, json: [String: String](), expect: 200,
            as: API.DeviceToken.self)
        let key = P256.Signing.PrivateKey()
        _ = try await HTTP.call(
            "POST", "\(api)/v1/push/keys", token: admin,
            json: API.PushKeyUpload(identifier: keyID, team: team, p8: key.pemRepresentation, topics: [app]),
            expect: 201, as: API.PushKey.self)
        return (device.deviceToken, try ProviderJWT.make(key: key, keyID: keyID, team: team, issuedAt: Date()))
    }

    /// The daemon's certificate and key, for the peer to serve the same.
    var certificateFile: URL { directory.appendingPathComponent("push-cert.pem") }
    var keyFile: URL { directory.appendingPathComponent("push-key.pem") }
}

/// The peer: the provider API's own listener (``BareProviderListener``: the same TLS,
/// HTTP/2 and stream handling as the daemon's) answering every push 200 at once.
enum Peer {
    static func start(plaintext: Bool, serving daemon: DaemonUnderTest) async throws -> String {
        var configuration = PushListenerConfiguration(
            port: 0, plaintext: plaintext, certificateFile: plaintext ? nil : daemon.certificateFile,
            keyFile: plaintext ? nil : daemon.keyFile)
        configuration.limits = daemon.daemon.configuration.push?.limits ?? PushLimits()
        let (urls, continuation) = AsyncStream.makeStream(of: String.self)
        Task {
            do {
                try await BareProviderListener.serve(host: "127.0.0.1", configuration: configuration) { continuation.yield($0) }
            } catch {
                FileHandle.standardError.write(Data("PushBenchmarks: the peer stopped: \(error)\n".utf8))
            }
            continuation.finish()
        }
        for await url in urls { return url }
        throw BenchmarkFailure("the peer did not start")
    }
}

/// A provider token as every APNs client makes it: an ES256 JWT of
/// `{"alg":"ES256","kid":…}` and `{"iss":…,"iat":…}`.
enum ProviderJWT {
    static func make(key: P256.Signing.PrivateKey, keyID: String, team: String, issuedAt: Date) throws -> String {
        let header = base64URL(Data(#"{"alg":"ES256","kid":"\#(keyID)"}"#.utf8))
        let claims = base64URL(Data(#"{"iss":"\#(team)","iat":\#(Int(issuedAt.timeIntervalSince1970))}"#.utf8))
        let signed = "\(header).\(claims)"
        let signature = try key.signature(for: Data(signed.utf8)).rawRepresentation
        return "\(signed).\(base64URL(signature))"
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// The few calls that set a run up, with URLSession.
enum HTTP {
    static func call<Answer: Decodable>(
        _ method: String, _ url: String, token: String, json: some Encodable, expect: Int, as: Answer.Type
    ) async throws -> Answer {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = try API.encoder().encode(json)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == expect else {
            throw BenchmarkFailure("\(method) \(url) answered \(status), not \(expect): \(String(decoding: data, as: UTF8.self))")
        }
        return try API.decoder().decode(Answer.self, from: data)
    }
}
