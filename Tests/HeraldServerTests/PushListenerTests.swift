import Foundation
@testable import HeraldServer
import HeraldTestSupport
import PushService
import Testing

@Suite("The provider API's HTTP/2 listener, driven by curl")
struct PushListenerTests {
    static let token = String(repeating: "ab", count: 32)

    @Test("h2c on loopback: a push reaches the endpoint as sent and the answer carries its apns-id and no body")
    func plaintextPush() async throws {
        try await PushListenerHarness.with(.plaintext) { listener in
            let id = "8c8a5c4e-1d3b-4f0e-9c2a-2b7d0f7e6a11"
            let answer = try await Curl.answer(
                ["--http2-prior-knowledge", "-H", "apns-id: \(id.uppercased())", "-H", "apns-topic: com.example.app",
                 "-H", "apns-topic: again", "--data-binary", #"{"aps":{"alert":"hi"}}"#,
                 listener.url("/3/device/\(Self.token)")],
                scratch: listener.scratch)
            #expect(answer.version == "HTTP/2")
            #expect(answer.status == 200)
            #expect(answer.headers["apns-id"] == id)
            #expect(answer.headers["content-type"] == nil)
            #expect(answer.body.isEmpty)
            let request = try #require(listener.endpoint.requests.first)
            #expect(request.method == "POST")
            #expect(request.path == "/3/device/\(Self.token)")
            #expect(request.fields.filter { $0.name == "apns-topic" }.map(\.value) == ["com.example.app", "again"])
            #expect(String(decoding: request.body, as: UTF8.self) == #"{"aps":{"alert":"hi"}}"#)
        }
    }

    @Test("TLS with ALPN h2: curl negotiates HTTP/2, verifies the certificate by its names, and reads a refusal's JSON")
    func tlsPush() async throws {
        let directory = try TemporaryDirectory()
        let identity = try PushIdentity.stored(
            in: try DataDirectory(url: directory.url.appendingPathComponent("data")), serving: "127.0.0.1", now: Date())
        let certificate = directory.url.appendingPathComponent("data/push-cert.pem").path
        try await PushListenerHarness.with(.tls(identity)) { listener in
            #expect(listener.running.fingerprint == identity.fingerprint)
            let port = try #require(URL(string: listener.running.url)?.port)
            for host in ["127.0.0.1", "localhost"] {
                let answer = try await Curl.answer(
                    ["--http2", "--cacert", certificate, "--data-binary", String(repeating: "x", count: 5_000),
                     "https://\(host):\(port)/3/device/\(Self.token)"],
                    scratch: listener.scratch)
                #expect(answer.version == "HTTP/2")
                #expect(answer.status == 413)
                #expect(answer.headers["content-type"] == "application/json")
                #expect(UUID(uuidString: answer.headers["apns-id"] ?? "") != nil)
                #expect(answer.body == #"{"reason":"PayloadTooLarge"}"#)
            }
            // HTTP/1.1 only: the listener is HTTP/2 only, as APNs is.
            let http1 = try await Curl.run(
                ["--http1.1", "-k", "-o", "/dev/null", listener.url("/3/device/\(Self.token)")], scratch: listener.scratch)
            #expect(http1.status != 0)
        }
    }

    @Test("a body over the limit is answered at once and the rest never read", arguments: [20 << 20])
    func bodyOverLimit(bytes: Int) async throws {
        try await PushListenerHarness.with(.plaintext) { listener in
            let file = listener.scratch.appendingPathComponent("big")
            try Data(count: bytes).write(to: file)
            let result = try await Curl.run(
                ["--http2-prior-knowledge", "-o", "/dev/null", "-w", "%{http_code} %{size_upload}",
                 "--data-binary", "@\(file.path)", listener.url("/3/device/\(Self.token)")],
                scratch: listener.scratch)
            let written = result.output.split(separator: " ")
            #expect(written.first == "413", "\(result.output) \(result.errors)")
            let uploaded = try #require(written.last.flatMap { Int($0) })
            #expect(uploaded < bytes / 4, "curl sent \(uploaded) of \(bytes) bytes")
            #expect(listener.endpoint.requests.map(\.body.count) == [ProviderRequest.maximumBodyBytes])
        }
    }

    @Test("a header list over 8,000 bytes closes the connection; one under it is read; the listener serves on")
    func hugeHeader() async throws {
        try await PushListenerHarness.with(.plaintext) { listener in
            let url = listener.url("/3/device/\(Self.token)")
            let huge = try await Curl.run(
                ["--http2-prior-knowledge", "-o", "/dev/null", "-H", "x-filler: \(String(repeating: "a", count: 20_000))",
                 "-d", "{}", url],
                scratch: listener.scratch)
            #expect(huge.status != 0, "\(huge.output)")
            #expect(listener.endpoint.requests.isEmpty)
            let fits = try await Curl.answer(
                ["--http2-prior-knowledge", "-H", "x-filler: \(String(repeating: "a", count: 6_000))", "-d", "{}", url],
                scratch: listener.scratch)
            #expect(fits.status == 200)
            #expect(listener.endpoint.requests.count == 1)
        }
    }

    /// curl keeps to the streams the listener advertises; the endpoint holds every
    /// answer until `holdUntil` are in flight at once. Over TLS: curl 7.88 fails
    /// transfers it multiplexes over h2c with prior knowledge, whatever the server.
    @Test(
        "many streams at once on one connection, as many as SETTINGS_MAX_CONCURRENT_STREAMS allows",
        arguments: [(limit: 1_000, requests: 250, holdUntil: 150), (limit: 10, requests: 40, holdUntil: 10)])
    func manyStreams(limit: Int, requests: Int, holdUntil: Int) async throws {
        var limits = PushLimits()
        limits.concurrentStreams = limit
        try await PushListenerHarness.with(
            .tls(try PushListenerHarness.identity()), limits: limits, endpoint: RecordingEndpoint(holdUntil: holdUntil)
        ) { listener in
            let config = listener.scratch.appendingPathComponent("urls")
            let entry = "url = \"\(listener.url("/3/device/\(Self.token)"))\"\noutput = \"/dev/null\"\n"
            try String(repeating: entry, count: requests).write(to: config, atomically: true, encoding: .utf8)
            let result = try await Curl.run(
                ["--http2", "-k", "--parallel", "--parallel-max", "300", "-d", "{}",
                 "-w", "%{http_code} %header{apns-id}\\n", "-K", config.path],
                scratch: listener.scratch)
            #expect(result.status == 0, "\(result.errors)")
            let answers = result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            #expect(answers.count == requests)
            #expect(answers.allSatisfy { $0.first == "200" })
            #expect(Set(answers.compactMap { $0.last }).count == requests, "every answer its own apns-id")
            #expect(listener.endpoint.peak >= holdUntil)
            // Streams curl opened before it read the listener's SETTINGS may go past the limit (a
            // loaded machine saw 11 of 10); once answers flow, it keeps to it.
            #expect(listener.endpoint.peakOnceAnswering <= limit)
        }
    }

    @Test("plaintext HTTP/2 is refused on an address that is not loopback", arguments: ["0.0.0.0", "::", "192.0.2.7", "127.evil.example"])
    func plaintextOffLoopback(host: String) throws {
        #expect(throws: DaemonError.self) {
            try PushListener(
                host: host, port: 0, transport: .plaintext, connections: ConnectionTable(limits: ConnectionLimits()),
                endpoint: { _ in .accepted(UUID()) })
        }
    }
}
