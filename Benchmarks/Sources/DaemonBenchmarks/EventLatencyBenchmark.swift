import BenchmarkSupport
import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HummingbirdWSClient
import Logging
import NIOWebSocket
import NotificationEngine
import Synchronization

/// D3: from a request's due instant to its `delivered` event arriving at a WebSocket
/// client of `/v1/events`, on the real clock.
///
/// The client (in this process, on its own connection) connects first; then `count`
/// requests are added in batches of 250, due `lead` seconds later and `spacing` apart. The
/// exact due dates are read from the engine itself (the wire's timestamps have
/// milliseconds only), and each event's arrival is stamped with the wall clock
/// before it is decoded. The peer sends the same texts over the peer's WebSocket
/// route from one Dispatch timer per text at the same offsets.
enum EventLatencyBenchmark {
    static func run(_ setup: Setup, count: Int, rounds: Int) async throws -> String {
        let spacing = 0.005
        let lead = 2.0
        var ours: [Lateness] = []
        var peers: [Lateness] = []
        for round in 1...rounds {
            let app = "bench.events.\(round)"
            try await setup.daemon.register(app)
            let identifiers = (0..<count).map { "event-\($0)" }
            // Batches of 250 (the daemon takes at most 256 requests a batch).
            let requests = identifiers.enumerated().map { index, identifier in
                API.Request(
                    identifier: identifier, content: API.Content(title: "Due", body: "Event latency benchmark"),
                    trigger: .timeInterval(interval: lead + spacing * Double(index), repeats: false))
            }
            let batches = stride(from: 0, to: count, by: 250).map {
                API.RequestBatch(requests: Array(requests[$0..<min($0 + 250, count)]))
            }
            let daemonURL = setup.daemon.url.replacingOccurrences(of: "http://", with: "ws://")
            let received = try await receive(
                url: "\(daemonURL)/v1/events?app=\(app)", token: setup.daemon.admin, count: count, timeout: lead + spacing * Double(count) + 10
            ) {
                for batch in batches {
                    _ = try await HTTP.call(
                        "POST", "\(setup.daemon.url)/v1/apps/\(app)/requests", token: setup.daemon.admin, json: batch,
                        expect: 201)
                }
                let pending = try await setup.daemon.daemon.engine.pendingRequests(for: AppIdentifier(app))
                return Dictionary(uniqueKeysWithValues: pending.compactMap { item in
                    item.nextFireDate.map { (item.request.identifier, $0) }
                })
            }
            ours.append(Lateness(seconds: received.latencies))

            // The peer: the same texts, due at the same offsets from now.
            let start = Date().addingTimeInterval(lead)
            let texts = received.texts
            let due = Dictionary(uniqueKeysWithValues: identifiers.enumerated().map { index, identifier in
                (identifier, start.addingTimeInterval(spacing * Double(index)))
            })
            setup.schedule.pending.withLock { pending in
                pending = texts.map { (identifier, text) in (due: due[identifier]!, text: text) }
            }
            let peerURL = setup.peerURL.replacingOccurrences(of: "http://", with: "ws://")
            let peer = try await receive(
                url: "\(peerURL)/v1/events", token: setup.daemon.admin, count: count, timeout: lead + spacing * Double(count) + 10
            ) { due }
            peers.append(Lateness(seconds: peer.latencies))
            print("  D3 round \(round): daemon p99 \(fixed(ours.last!.p99, 3)) ms, peer p99 \(fixed(peers.last!.p99, 3)) ms; load \(Machine.loadAverage)")
        }
        let o = Lateness(medianOf: ours)
        let p = Lateness(medianOf: peers)
        var table = Table(["", "deliveries>", "p50 ms>", "p90 ms>", "p99 ms>", "max ms>", "goal", "met"])
        table.add("daemon: due → `delivered` at the client", "\(o.count)", fixed(o.p50, 3), fixed(o.p90, 3),
                  fixed(o.p99, 3), fixed(o.max, 3), "p99 ≤ 20 ms", met(o.p99 <= 20))
        table.add("peer: one Dispatch timer per text → WebSocket", "\(p.count)", fixed(p.p50, 3), fixed(p.p90, 3),
                  fixed(p.p99, 3), fixed(p.max, 3), "—", "—")
        return table.text
    }

    /// What a client received: each `delivered` event's request identifier and text,
    /// and its lateness in seconds.
    struct Received {
        var texts: [(String, String)] = []
        var latencies: [Double] = []
    }

    /// What the client's handler collects: each message's arrival and text, and the due dates.
    final class Collected: Sendable {
        let arrivals = Mutex<[(Date, String)]>([])
        let dueDates = Mutex<[String: Date]>([:])
    }

    /// Connects to `url`, runs `act` (which returns each identifier's due date) once
    /// connected, and collects `count` `delivered` events.
    static func receive(
        url: String, token: String, count: Int, timeout: Double,
        act: @escaping @Sendable () async throws -> [String: Date]
    ) async throws -> Received {
        let collected = Collected()
        var settings = WebSocketClientConfiguration()
        settings.additionalHeaders = [.authorization: "Bearer \(token)"]
        let configuration = settings
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await WebSocketClient.connect(
                    url: url, configuration: configuration, logger: Logger(label: "bench.ws")
                ) { inbound, outbound, _ in
                    let due = try await act()
                    collected.dueDates.withLock { $0 = due }
                    var delivered = 0
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        let now = Date()
                        guard case .text(let text) = message, text.contains("\"type\":\"delivered\"") else { continue }
                        collected.arrivals.withLock { $0.append((now, text)) }
                        delivered += 1
                        if delivered >= count { break }
                    }
                    try await outbound.close(.normalClosure, reason: nil)
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                throw BenchmarkFailure("\(url): fewer than \(count) deliveries within \(Int(timeout)) s")
            }
            try await group.next()
            group.cancelAll()
        }
        let due = collected.dueDates.withLock { $0 }
        var received = Received()
        let decoder = API.decoder()
        for (arrival, text) in collected.arrivals.withLock({ $0 }) {
            let event = try decoder.decode(API.Event.self, from: Data(text.utf8))
            guard case .delivered(let delivery) = event.kind, let date = due[delivery.request.identifier] else {
                throw BenchmarkFailure("an event for an unknown request: \(text)")
            }
            received.texts.append((delivery.request.identifier, text))
            received.latencies.append(arrival.timeIntervalSince(date))
        }
        guard received.latencies.count == count else {
            throw BenchmarkFailure("\(received.latencies.count) deliveries, not \(count)")
        }
        return received
    }
}
