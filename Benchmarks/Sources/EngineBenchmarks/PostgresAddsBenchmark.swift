import BenchmarkSupport
import Foundation
import NotificationEngine

/// E5: batched adds into the PostgreSQL store — 100,000 requests in batches of 1,000,
/// `engine.add([requests], for:)` one batch after another — beside `pgbench` inserting
/// the same rows (the `pending` table's columns and indexes, requests of the engine's
/// encoded size, 1,000 rows per transaction) on the same server.
enum PostgresAddsBenchmark {
    static let batch = 1_000

    static func run(scale: Double, rounds: Int) async throws -> String {
        let cluster = try PostgresCluster.get()
        let count = max(batch, scaled(100_000, scale) / batch * batch)
        var engine: [Double] = []
        var peer: [Double] = []
        var requestBytes = 0
        for _ in 0..<rounds {
            let (rate, bytes) = try await engineSide(cluster, count: count)
            engine.append(rate)
            requestBytes = bytes
            peer.append(try pgbenchSide(cluster, count: count, requestBytes: bytes))
        }
        let engineRate = median(engine)
        let peerRate = median(peer)
        var table = Table(["", "side", "rows>", "adds/s>", "engine / pgbench>", "goal", "met"])
        table.add(
            "E5", "engine, PostgreSQL store, batches of \(batch)", grouped(Double(count)), grouped(engineRate),
            fixed(engineRate / peerRate, 2), "≥ 0.5 of pgbench", met(engineRate / peerRate >= 0.5))
        table.add(
            "E5", "peer: pgbench, the same rows (\(requestBytes) bytes of request each), \(batch) per transaction",
            grouped(Double(count)), grouped(peerRate), "—", "—", "—")
        return table.text
    }

    /// Adds the requests in batches into a new schema; returns adds per second and the
    /// mean size of a stored request.
    private static func engineSide(_ cluster: PostgresCluster, count: Int) async throws -> (Double, Int) {
        let url = cluster.schemaURL("e5")
        let engine = try await Fixtures.engine(.postgres(url: url), name: "e5-engine")
        let requests = (0..<count).map { Fixtures.request($0, interval: 86_400 + Double($0)) }
        let clock = ContinuousClock()
        let start = clock.now
        for first in stride(from: 0, to: count, by: batch) {
            try await engine.add(Array(requests[first..<min(first + batch, count)]), for: benchmarkApp)
        }
        let took = seconds(clock.now - start)
        let schema = Self.schema(of: url)
        let stored = try cluster.psql("SELECT count(*), avg(length(request))::int FROM \(schema).pending")
            .split(separator: "|").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        guard stored.first == String(count), let bytes = stored.last.flatMap({ Int($0) }) else {
            throw BenchmarkFailure("E5: the store holds \(stored), not \(count) requests")
        }
        _ = try cluster.psql("DROP SCHEMA \(schema) CASCADE")
        return (Double(count) / took, bytes)
    }

    /// `pgbench` with one client inserting `count` rows, `batch` per transaction, into a
    /// copy of the `pending` table; returns rows per second (its tps × batch).
    private static func pgbenchSide(_ cluster: PostgresCluster, count: Int, requestBytes: Int) throws -> Double {
        let schema = "bench_pgbench_\(UUID().uuidString.prefix(8).lowercased())"
        _ = try cluster.psql("""
            CREATE SCHEMA \(schema);
            CREATE TABLE \(schema).pending (
                app text COLLATE "C" NOT NULL, identifier text COLLATE "C" NOT NULL,
                next_fire double precision, added double precision NOT NULL,
                is_location boolean NOT NULL, request bytea NOT NULL, PRIMARY KEY (app, identifier));
            CREATE INDEX ON \(schema).pending (next_fire, app, identifier) WHERE next_fire IS NOT NULL;
            CREATE INDEX ON \(schema).pending (app, next_fire, added, identifier);
            CREATE INDEX ON \(schema).pending (app) WHERE is_location;
            CREATE SEQUENCE \(schema).ids;
            """)
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("\(schema).sql")
        try """
            INSERT INTO \(schema).pending (app, identifier, next_fire, added, is_location, request)
            SELECT 'org.herald.bench', 'item-' || nextval('\(schema).ids'), 900000000 + g, 800000000, false,
                decode(repeat('ab', \(requestBytes)), 'hex')
            FROM generate_series(1, \(batch)) AS g;
            """.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let output = try PostgresCluster.run(
            cluster.pgbench, ["-n", "-c", "1", "-j", "1", "-t", "\(count / batch)", "-f", script.path, cluster.url])
        _ = try cluster.psql("DROP SCHEMA \(schema) CASCADE")
        let line = output.split(separator: "\n").first { $0.hasPrefix("tps = ") }
        guard let tps = line?.split(separator: " ").dropFirst(2).first.flatMap({ Double($0) }) else {
            throw BenchmarkFailure("E5: pgbench printed no tps:\n\(output)")
        }
        return tps * Double(batch)
    }

    /// The schema named in a URL's `?schema=`.
    static func schema(of url: String) -> String {
        URLComponents(string: url)?.queryItems?.first { $0.name == "schema" }?.value ?? "public"
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
