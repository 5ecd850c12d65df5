import BenchmarkSupport
import Foundation
import HeraldAPI
import HeraldServer
import NIOCore
import NotificationEngine
import Synchronization

/// D1 and D2: `wrk` against the daemon and against the peer, taking turns, at each load.
enum HTTPBenchmarks {
    /// D1: `POST /v1/apps/{app}/requests`, one request per call, each with its own
    /// identifier, due in a day; a new app for each run, so every run starts with
    /// an app without pending requests.
    static func adds(_ setup: Setup, loads: [Wrk.Load], rounds: Int) async throws -> String {
        var table = Table([
            "load", "daemon adds/s>", "daemon p50 / p90 / p99 / max ms>", "peer req/s>",
            "peer p50 / p90 / p99 / max ms>", "durable floor adds/s>", "floor p50 / p90 / p99 / max ms>",
            "daemon / peer>", "daemon / floor>", "floor / peer>", "goal", "met",
        ])
        var run = 0
        for load in loads {
            var ours: [Wrk.Result] = []
            var peers: [Wrk.Result] = []
            var floors: [Wrk.Result] = []
            for _ in 0..<rounds {
                run += 1
                let app = "bench.adds.\(run)"
                try await setup.daemon.register(app)
                let script = Wrk.addScript(token: setup.daemon.admin)
                let result = try Wrk.run("\(setup.daemon.url)/v1/apps/\(app)/requests", script: script, load: load)
                try await check(result, app: app, setup: setup)
                ours.append(result)
                peers.append(try Wrk.run("\(setup.peerURL)/v1/apps/\(app)/requests", script: script, load: load))
                let floor = try Wrk.run("\(setup.peerURL)/v1/apps/\(app)/requests-durable", script: script, load: load)
                try check(floor, committed: try setup.floor.count(for: app))
                floors.append(floor)
                print("  D1 \(load): daemon \(grouped(result.perSecond))/s p99 \(fixed(result.p99, 2)) ms; "
                    + "peer \(grouped(peers.last!.perSecond))/s p99 \(fixed(peers.last!.p99, 2)) ms; "
                    + "durable floor \(grouped(floor.perSecond))/s p99 \(fixed(floor.p99, 2)) ms; load \(Machine.loadAverage)")
            }
            let o = median(ours)
            let p = median(peers)
            let f = median(floors)
            table.add(
                "\(load)", grouped(o.perSecond), latencies(o), grouped(p.perSecond), latencies(p),
                grouped(f.perSecond), latencies(f), fixed(o.perSecond / p.perSecond, 2),
                fixed(o.perSecond / f.perSecond, 2), fixed(f.perSecond / p.perSecond, 2),
                "≥ 0.75 of the peer, p99 ≤ 10 ms", "\(met(o.perSecond >= 0.75 * p.perSecond)), \(met(o.p99 <= 10))")
        }
        return table.text
    }

    /// Every add wrk counted as answered 2xx is a row of the durable floor, and nothing failed.
    private static func check(_ result: Wrk.Result, committed: Int) throws {
        guard result.errors == 0 else {
            throw BenchmarkFailure("wrk saw \(result.errors) errors or non-2xx answers adding to the durable floor")
        }
        guard committed >= result.requests else {
            throw BenchmarkFailure("wrk counted \(result.requests) adds to the durable floor, it holds \(committed)")
        }
    }

    /// Every add wrk counted as answered 2xx is pending in the daemon, and nothing failed.
    private static func check(_ result: Wrk.Result, app: String, setup: Setup) async throws {
        guard result.errors == 0 else {
            throw BenchmarkFailure("wrk saw \(result.errors) errors or non-2xx answers adding to \(app)")
        }
        let pending = try await setup.daemon.daemon.engine.pendingRequests(for: AppIdentifier(app)).count
        // wrk counts the requests answered within the duration; those in flight at its
        // end are added too, so the app may hold a few more.
        guard pending >= result.requests else {
            throw BenchmarkFailure("wrk counted \(result.requests) adds to \(app), the daemon holds \(pending)")
        }
    }

    /// D2: `GET /v1/apps/{app}/requests` of an app with 64 pending requests, against the
    /// peer encoding the same 64 with `JSONEncoder` each time and the peer sending them ready.
    static func list(_ setup: Setup, loads: [Wrk.Load], rounds: Int) async throws -> String {
        let app = "bench.list"
        try await setup.daemon.register(app)
        let batch = API.RequestBatch(requests: (0..<64).map { index in
            API.Request(
                identifier: "list-\(index)",
                content: API.Content(
                    title: "Benchmark \(index)", subtitle: "", body: "One of 64 pending requests", badge: nil,
                    sound: "default", userInfo: ["index": .number(Double(index))], categoryIdentifier: "",
                    threadIdentifier: ""),
                trigger: .timeInterval(interval: 86_400 + Double(index), repeats: false))
        })
        _ = try await HTTP.call("POST", "\(setup.daemon.url)/v1/apps/\(app)/requests", token: setup.daemon.admin, json: batch, expect: 201)
        let listed = try await HTTP.call("GET", "\(setup.daemon.url)/v1/apps/\(app)/requests", token: setup.daemon.admin, expect: 200)
        let items = try API.decoder().decode([String: [API.PendingRequest]].self, from: listed)["requests"] ?? []
        guard items.count == 64 else { throw BenchmarkFailure("the daemon lists \(items.count) requests, not 64") }
        setup.lists.items.withLock { $0 = items }
        setup.lists.bytes.withLock { $0 = ByteBuffer(bytes: listed) }
        let peerListed = try await HTTP.call("GET", "\(setup.peerURL)/v1/apps/\(app)/requests", token: setup.daemon.admin, expect: 200)
        // The same requests; the bytes may differ in a timestamp's last millisecond, which
        // a decode and encode through `Date`'s binary floating point can move.
        let peerItems = try API.decoder().decode([String: [API.PendingRequest]].self, from: peerListed)["requests"] ?? []
        guard peerItems.map(\.request) == items.map(\.request) else {
            throw BenchmarkFailure("the peer's list is not the daemon's")
        }
        print("  D2: the list is \(listed.count) bytes of JSON from the daemon, \(peerListed.count) from the peer")

        var table = Table([
            "load", "daemon req/s>", "daemon p50 / p90 / p99 / max ms>", "peer (JSONEncoder) req/s>",
            "p50 / p90 / p99 / max ms>", "peer (ready JSON) req/s>", "p50 / p90 / p99 / max ms>", "goal", "met",
        ])
        let script = Wrk.getScript(token: setup.daemon.admin)
        for load in loads {
            var ours: [Wrk.Result] = []
            var encoding: [Wrk.Result] = []
            var ready: [Wrk.Result] = []
            for _ in 0..<rounds {
                ours.append(try Wrk.run("\(setup.daemon.url)/v1/apps/\(app)/requests", script: script, load: load))
                encoding.append(try Wrk.run("\(setup.peerURL)/v1/apps/\(app)/requests", script: script, load: load))
                ready.append(try Wrk.run("\(setup.peerURL)/v1/apps/\(app)/requests-ready", script: script, load: load))
                for result in [ours.last!, encoding.last!, ready.last!] where result.errors > 0 {
                    throw BenchmarkFailure("wrk saw \(result.errors) errors or non-2xx answers listing")
                }
                print("  D2 \(load): daemon \(grouped(ours.last!.perSecond))/s p99 \(fixed(ours.last!.p99, 2)) ms; "
                    + "peer encoding \(grouped(encoding.last!.perSecond))/s p99 \(fixed(encoding.last!.p99, 2)) ms; "
                    + "peer ready \(grouped(ready.last!.perSecond))/s p99 \(fixed(ready.last!.p99, 2)) ms; "
                    + "load \(Machine.loadAverage)")
            }
            let o = median(ours)
            let e = median(encoding)
            let r = median(ready)
            table.add(
                "\(load)", grouped(o.perSecond), latencies(o), grouped(e.perSecond), latencies(e),
                grouped(r.perSecond), latencies(r), "p99 ≤ 10 ms", met(o.p99 <= 10))
        }
        return table.text
    }

    /// The run with the median requests per second.
    static func median(_ results: [Wrk.Result]) -> Wrk.Result {
        results.sorted { $0.perSecond < $1.perSecond }[(results.count - 1) / 2]
    }

    static func latencies(_ result: Wrk.Result) -> String {
        [result.p50, result.p90, result.p99, result.max].map { fixed($0, 2) }.joined(separator: " / ")
    }
}
