import Foundation
@testable import HeraldServer
import HeraldTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("The provider API's certificate, made at first start")
struct PushCertificateTests {
    static func openssl(_ arguments: [String], scratch: URL) async throws -> String {
        let result = try await HeraldProcess(
            arguments, environment: ProcessInfo.processInfo.environment, scratch: scratch,
            executable: URL(fileURLWithPath: "/usr/bin/openssl")
        ).run()
        try #require(result.status == 0, "openssl \(arguments): \(result.errors)")
        return result.output
    }

    @Test("made once, owner-only, reused at the next start, its fingerprint the one openssl shows")
    func madeOnceAndReused() async throws {
        let scratch = try TemporaryDirectory()
        let directory = try DataDirectory(url: scratch.url.appendingPathComponent("data"))
        let first = try PushIdentity.stored(in: directory, serving: "127.0.0.1", now: Date())
        let pem = try String(contentsOf: directory.pushCertificateFile, encoding: .utf8)
        let again = try PushIdentity.stored(in: directory, serving: "127.0.0.1", now: Date())
        #expect(again.fingerprint == first.fingerprint)
        #expect(try String(contentsOf: directory.pushCertificateFile, encoding: .utf8) == pem)
        for file in [directory.pushCertificateFile, directory.pushKeyFile] {
            #expect(DataDirectoryModeTests.mode(file.path) == 0o600)
        }
        let shown = try await Self.openssl(
            ["x509", "-noout", "-fingerprint", "-sha256", "-in", directory.pushCertificateFile.path], scratch: scratch.url)
        #expect(shown.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "=").last.map(String.init) == first.fingerprint)
        #expect(first.fingerprint.count == 32 * 3 - 1)
    }

    @Test("for this machine's name, localhost and the loopback addresses; a P-256 key; not a CA")
    func names() async throws {
        let scratch = try TemporaryDirectory()
        let directory = try DataDirectory(url: scratch.url.appendingPathComponent("data"))
        _ = try PushIdentity.stored(in: directory, serving: "192.0.2.7", now: Date())
        let text = try await Self.openssl(
            ["x509", "-noout", "-text", "-in", directory.pushCertificateFile.path], scratch: scratch.url)
        let host = PushIdentity.SubjectNames.hostName()
        for name in ["DNS:localhost", "DNS:\(host)", "IP Address:127.0.0.1", "IP Address:0:0:0:0:0:0:0:1", "IP Address:192.0.2.7"] {
            #expect(text.contains(name), "\(name) in \(text)")
        }
        #expect(text.contains("prime256v1") && text.contains("CA:FALSE") && text.contains("TLS Web Server Authentication"))
    }

    @Test(
        "the names: a wildcard address adds none, a name is added once, an address by its bytes",
        arguments: [
            ("0.0.0.0", ["herald-host", "localhost"], 2),
            ("::", ["herald-host", "localhost"], 2),
            ("localhost", ["herald-host", "localhost"], 2),
            ("push.example.org", ["herald-host", "localhost", "push.example.org"], 2),
            ("10.1.2.3", ["herald-host", "localhost"], 3),
            ("[fd00::1]", ["herald-host", "localhost"], 3),
        ])
    func subjectNames(host: String, dnsNames: [String], addresses: Int) {
        let names = PushIdentity.SubjectNames(host: host, hostName: "herald-host")
        #expect(names.dnsNames == dnsNames)
        #expect(names.addresses.count == addresses)
        #expect(names.commonName == "herald-host")
    }

    @Test("a key left without its certificate is replaced; a certificate without its key is an error")
    func halfAPair() throws {
        let scratch = try TemporaryDirectory()
        let directory = try DataDirectory(url: scratch.url.appendingPathComponent("data"))
        try Data("not a key".utf8).write(to: directory.pushKeyFile)
        let made = try PushIdentity.stored(in: directory, serving: "127.0.0.1", now: Date())
        #expect(!made.fingerprint.isEmpty)
        try FileManager.default.removeItem(at: directory.pushKeyFile)
        #expect(throws: DaemonError.self) { try PushIdentity.stored(in: directory, serving: "127.0.0.1", now: Date()) }
    }

    @Test("given files that cannot serve are refused with the file named")
    func badFiles() throws {
        let scratch = try TemporaryDirectory()
        let directory = try DataDirectory(url: scratch.url.appendingPathComponent("data"))
        _ = try PushIdentity.stored(in: directory, serving: "127.0.0.1", now: Date())
        let empty = scratch.url.appendingPathComponent("empty.pem")
        try Data().write(to: empty)
        let error = #expect(throws: DaemonError.self) {
            try PushIdentity.load(certificate: empty, key: directory.pushKeyFile)
        }
        #expect(error?.message.contains(empty.path) == true)
        // Another pair's key does not match this certificate.
        let other = try DataDirectory(url: scratch.url.appendingPathComponent("other"))
        _ = try PushIdentity.stored(in: other, serving: "127.0.0.1", now: Date())
        let mismatched = try PushIdentity.load(certificate: directory.pushCertificateFile, key: other.pushKeyFile)
        #expect(throws: DaemonError.self) { try mismatched.serverContext() }
    }

    @Test("the fingerprint: upper-case hex pairs joined by colons", arguments: [([UInt8](), "E3:B0:C4:42")])
    func fingerprintFormat(der: [UInt8], prefix: String) {
        #expect(PushIdentity.fingerprint(ofDER: der).hasPrefix(prefix))
    }
}
