import Foundation
import HeraldTestSupport
import Testing

/// `herald serve --push-port`, as a person runs it: what it prints about the provider
/// API, and the certificate it keeps.
@Suite(.serialized)
struct ServePushEndToEndTests {
    /// Runs `herald serve` with `options` until it has printed the provider API's
    /// address (and, over TLS, the certificate's fingerprint); returns its output.
    private static func serve(_ directory: URL, _ options: [String], tls: Bool = true) async throws -> String {
        let server = try HeraldProcess(
            ["serve", "--port", "0", "--data-dir", directory.path, "--virtual-clock", "--no-bundled-apps",
             "--desktop", "off", "--push-port", "0"] + options,
            environment: TestDaemon.environment(directory), scratch: directory)
        let exited = try await server.start()
        try await server.waitFor(seconds: 60) { output, _ in
            output.contains("Provider API (APNs, HTTP/2): ") && (!tls || output.contains("fingerprint: "))
        }
        server.terminate()
        #expect(await exited.value == 0, "\(server.errors)")
        return server.output
    }

    private static func fingerprint(in output: String) throws -> String {
        let line = try #require(output.split(separator: "\n").first { $0.contains("SHA-256 fingerprint: ") })
        return String(line.split(separator: " ").last ?? "")
    }

    @Test("over TLS: the certificate is made at first start, kept, and its fingerprint printed as openssl shows it")
    func certificateFingerprint() async throws {
        let scratch = try TemporaryDirectory()
        let first = try await Self.serve(scratch.url, [])
        #expect(first.contains("Provider API (APNs, HTTP/2): https://127.0.0.1:"))
        let printed = try Self.fingerprint(in: first)
        let openssl = try await HeraldProcess(
            ["x509", "-noout", "-fingerprint", "-sha256", "-in", scratch.path("push-cert.pem")],
            environment: ProcessInfo.processInfo.environment, scratch: scratch.url,
            executable: URL(fileURLWithPath: "/usr/bin/openssl")
        ).run()
        #expect(openssl.output.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("=\(printed)"), "\(openssl.output)")
        let second = try await Self.serve(scratch.url, [])
        #expect(try Self.fingerprint(in: second) == printed)
    }

    @Test("--push-plaintext: h2c on loopback, no certificate made")
    func plaintext() async throws {
        let scratch = try TemporaryDirectory()
        let output = try await Self.serve(scratch.url, ["--push-plaintext"], tls: false)
        #expect(output.contains("Provider API (APNs, HTTP/2): http://127.0.0.1:"))
        #expect(!output.contains("fingerprint"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("push-cert.pem")))
    }

    @Test(
        "options that cannot work stop herald serve with a message",
        arguments: [
            (["--host", "0.0.0.0", "--push-port", "0", "--push-plaintext"], "loopback"),
            (["--push-plaintext"], "need --push-port"),
            (["--push-port", "0", "--push-key", "/nonexistent.key"], "go together"),
        ])
    func refused(options: [String], message: String) async throws {
        let scratch = try TemporaryDirectory()
        let result = try await HeraldProcess(
            ["serve", "--port", "0", "--data-dir", scratch.url.path, "--no-bundled-apps", "--desktop", "off"] + options,
            environment: TestDaemon.environment(scratch.url), scratch: scratch.url
        ).run()
        #expect(result.status != 0)
        #expect(result.errors.contains(message), "\(result.errors)")
    }
}
