import Foundation
import FoundationNetworking
import HeraldAPI
import HeraldServer
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import NotificationEngine
import Synchronization

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The real daemon (`HeraldDaemon`, what `herald serve` runs), in this process, on a
/// loopback port picked by the system, with a temporary data directory, the real
/// clock, the grant-all policy, no bundled apps and a pending limit high enough for
/// every add of a run.
struct DaemonUnderTest {
    let daemon: HeraldDaemon
    let url: String
    let directory: URL

    static func start(pendingLimit: Int) async throws -> DaemonUnderTest {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-daemon-bench-\(UUID().uuidString)")
        var configuration = DaemonConfiguration(
            port: 0, dataDirectory: directory, authorizationPolicy: .grantAll, bundledApps: false)
        configuration.pendingLimitPerApp = pendingLimit
        let daemon = try HeraldDaemon(configuration: configuration)
        let url = try await Self.run { onRunning in try await daemon.run(onRunning: onRunning) }
        return DaemonUnderTest(daemon: daemon, url: url, directory: directory)
    }

    /// Starts `serve` in a task for the rest of the process and returns the URL it reports.
    static func run(
        _ serve: @escaping @Sendable (@escaping @Sendable (String) async -> Void) async throws -> Void
    ) async throws -> String {
        let (urls, continuation) = AsyncStream.makeStream(of: String.self)
        Task {
            do {
                try await serve { url in continuation.yield(url) }
            } catch {
                FileHandle.standardError.write(Data("DaemonBenchmarks: a server stopped: \(error)\n".utf8))
            }
            continuation.finish()
        }
        for await url in urls { return url }
        throw BenchmarkFailure("the server did not start")
    }

    var admin: String { daemon.adminToken }

    /// Registers `app` and asks for authorization, which the grant-all policy grants.
    func register(_ app: String) async throws {
        _ = try await HTTP.call(
            "POST", "\(url)/v1/apps", token: admin,
            json: API.AppRegistration(identifier: app, name: app, webhookURL: nil), expect: 201)
        _ = try await HTTP.call(
            "POST", "\(url)/v1/apps/\(app)/authorization", token: admin,
            json: API.AuthorizationRequest(options: ["alert", "sound", "badge"]), expect: 200)
    }
}

/// The peer: a bare Hummingbird 2 server in this process doing the least work each
/// route of the daemon must do — check the bearer token, decode the body with the
/// API's decoder, encode the answer with the API's encoder — with nothing behind it.
enum Peer {
    /// The state the peer's routes answer from.
    final class Lists: Sendable {
        let items = Mutex<[API.PendingRequest]>([])
        let bytes = Mutex<ByteBuffer>(ByteBuffer())
    }

    /// What the WebSocket route sends: the texts and the wall-clock instants to send them at.
    final class Schedule: Sendable {
        let pending = Mutex<[(due: Date, text: String)]>([])
    }

    static func start(token: String, lists: Lists, schedule: Schedule, floor: DurableFloor) async throws -> String {
        try await DaemonUnderTest.run { onRunning in
            try await makeApplication(
                token: token, lists: lists, schedule: schedule, floor: floor, onRunning: onRunning
            ).runService()
        }
    }

    private static func makeApplication(
        token: String, lists: Lists, schedule: Schedule, floor: DurableFloor,
        onRunning: @escaping @Sendable (String) async -> Void
    ) -> some ApplicationProtocol {
        let router = Router()
        let bearer = "Bearer \(token)"
        let authorized: @Sendable (Request) throws -> Void = { request in
            guard request.headers[.authorization] == bearer else { throw HTTPError(.unauthorized) }
        }
        // D1: decode the request as the daemon's route does, answer 201 with an `AddResult`.
        router.post("v1/apps/:app/requests") { request, context -> Response in
            try authorized(request)
            let buffer = try await request.body.collect(upTo: 1 << 20)
            let decoded = try API.decoder().decode(API.Request.self, from: Data(buffer.readableBytesView))
            guard !decoded.identifier.isEmpty else { throw HTTPError(.badRequest) }
            let body = try API.encoder().encode(API.AddResult(evictedIdentifiers: []))
            return Response(
                status: .created, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        // D1's durable floor: the same, and the request committed to SQLite before the answer.
        router.post("v1/apps/:app/requests-durable") { request, context -> Response in
            try authorized(request)
            let buffer = try await request.body.collect(upTo: 1 << 20)
            let decoded = try API.decoder().decode(API.Request.self, from: Data(buffer.readableBytesView))
            guard !decoded.identifier.isEmpty, let app = context.parameters.get("app") else { throw HTTPError(.badRequest) }
            try await floor.add(decoded, for: app)
            let body = try API.encoder().encode(API.AddResult(evictedIdentifiers: []))
            return Response(
                status: .created, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        // D2, encoding each time: the 64 pending requests through `JSONEncoder`, as the
        // daemon's route did before it kept the JSON.
        router.get("v1/apps/:app/requests") { request, context -> Response in
            try authorized(request)
            let body = try API.encoder().encode(["requests": lists.items.withLock { $0 }])
            return Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        // D2, the same JSON ready in memory: the floor of a route that answers from a cache.
        router.get("v1/apps/:app/requests-ready") { request, context -> Response in
            try authorized(request)
            return Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: lists.bytes.withLock { $0 }))
        }
        // D3: each scheduled text sent at its instant, from one Dispatch timer per text
        // on one serial queue (as `LatenessBenchmark`'s E2 peer), over a WebSocket.
        let wsRouter = Router(context: BasicWebSocketRequestContext.self)
        wsRouter.ws("v1/events") { _, _ in .upgrade([:]) } onUpgrade: { inbound, outbound, _ in
            let (texts, continuation) = AsyncStream.makeStream(of: String.self)
            let queue = DispatchQueue(label: "peer.timers")
            let items = schedule.pending.withLock { $0 }
            for item in items {
                let delay = item.due.timeIntervalSinceNow
                queue.asyncAfter(wallDeadline: .now() + max(0, delay)) { continuation.yield(item.text) }
            }
            queue.asyncAfter(wallDeadline: .now() + max(0, (items.map(\.due).max() ?? Date()).timeIntervalSinceNow) + 5) {
                continuation.finish()
            }
            for await text in texts {
                try await outbound.write(.text(text))
            }
            _ = inbound
        }
        return Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: wsRouter),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: "Peer"),
            onServerRunning: { channel in await onRunning("http://127.0.0.1:\(channel.localAddress?.port ?? 0)") })
    }
}

/// The few calls that set a run up, with URLSession.
enum HTTP {
    static func call(
        _ method: String, _ url: String, token: String, json: (some Encodable)? = Optional<Int>.none, expect: Int
    ) async throws -> Data {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let json {
            request.httpBody = try API.encoder().encode(json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == expect else {
            throw BenchmarkFailure("\(method) \(url) answered \(status), not \(expect): \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }
}
