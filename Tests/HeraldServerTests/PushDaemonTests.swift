import Foundation
@testable import HeraldServer
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@Suite("The provider API on the daemon (--push-port)")
struct PushDaemonTests {
    static func configuration(_ directory: URL, push: PushListenerConfiguration?, host: String = "127.0.0.1") -> DaemonConfiguration {
        var configuration = DaemonConfiguration(
            host: host, port: 0, dataDirectory: directory, virtualClock: true, bundledApps: false)
        configuration.desktop = .off
        configuration.signInPageDirectory = directory.appendingPathComponent("sign-in")
        configuration.push = push
        return configuration
    }

    @Test("it listens beside the HTTP API, is written to daemon.json, and answers with the provider endpoint")
    func listens() async throws {
        let scratch = try TemporaryDirectory()
        let directory = scratch.url.appendingPathComponent("data")
        let daemon = try HeraldDaemon(
            configuration: Self.configuration(directory, push: PushListenerConfiguration(port: 0, plaintext: true)))
        let (started, continuation) = AsyncStream.makeStream(of: String.self)
        let application = try daemon.makeApplication(onPushRunning: { url, fingerprint in
            #expect(fingerprint == nil)
            continuation.yield(url)
        })
        try await application.test(.live) { _ in
            var iterator = started.makeAsyncIterator()
            let url = try #require(await iterator.next())
            #expect(url.hasPrefix("http://127.0.0.1:"))
            let answer = try await Curl.answer(
                ["--http2-prior-knowledge", "-d", "{}", url + "/3/device/00"], scratch: scratch.url)
            #expect(answer.status == 403)
            #expect(answer.body == #"{"reason":"MissingProviderToken"}"#)
            #expect(UUID(uuidString: answer.headers["apns-id"] ?? "") != nil)
            let deadline = ContinuousClock.now + .seconds(60)
            var announced: [String: Any] = [:]
            while announced["pushURL"] == nil, ContinuousClock.now < deadline {
                let data = (try? Data(contentsOf: directory.appendingPathComponent("daemon.json"))) ?? Data()
                announced = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
                if announced["pushURL"] == nil { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(announced["pushURL"] as? String == url)
            #expect((announced["url"] as? String)?.hasPrefix("http://127.0.0.1:") == true)
        }
    }

    @Test(
        "a push configuration that cannot work stops the daemon at start, with a clear message",
        arguments: [
            ("0.0.0.0", PushListenerConfiguration(port: 0, plaintext: true), "loopback"),
            ("127.0.0.1", PushListenerConfiguration(port: 70_000), "65535"),
            ("127.0.0.1", PushListenerConfiguration(port: 0, certificateFile: URL(fileURLWithPath: "/nonexistent.pem")), "together"),
            ("127.0.0.1", PushListenerConfiguration(
                port: 0, certificateFile: URL(fileURLWithPath: "/nonexistent.pem"), keyFile: URL(fileURLWithPath: "/nonexistent.key")),
             "/nonexistent.pem"),
            ("127.0.0.1", PushListenerConfiguration(
                port: 0, plaintext: true, certificateFile: URL(fileURLWithPath: "/a.pem"), keyFile: URL(fileURLWithPath: "/a.key")),
             "no certificate"),
        ])
    func refused(host: String, push: PushListenerConfiguration, message: String) throws {
        let scratch = try TemporaryDirectory()
        let error = #expect(throws: DaemonError.self) {
            try HeraldDaemon(configuration: Self.configuration(scratch.url.appendingPathComponent("data"), push: push, host: host))
        }
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test("loopback hosts", arguments: [
        ("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("::1", true), ("[::1]", true),
        ("0.0.0.0", false), ("::", false), ("10.0.0.1", false), ("127.evil.example", false), ("", false),
    ])
    func loopback(host: String, expected: Bool) {
        #expect(DaemonConfiguration.isLoopback(host) == expected)
    }
}
