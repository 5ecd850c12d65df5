import Foundation
@testable import HeraldServer
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import NIOHPACK
import NIOHTTP2
import PushService
import Testing

/// The provider API listener's connections, where devices keep their links, are held to
/// limits of their own, not the HTTP API's: many devices behind one address link at once.
@Suite("Provider API connections: limits of their own", .timeLimit(.minutes(2)))
struct PushConnectionLimitTests {
    @Test("device links from one address pass the HTTP API's limits, and the listener's own per address holds them")
    func linksHaveLimitsOfTheirOwn() async throws {
        let scratch = try TemporaryDirectory()
        var push = PushListenerConfiguration(port: 0, plaintext: true)
        push.connectionLimits = ConnectionLimits(perPeer: 3, total: 100)
        var configuration = PushDaemonTests.configuration(scratch.url.appendingPathComponent("data"), push: push)
        configuration.connectionLimits = ConnectionLimits(perPeer: 2, total: 2)
        configuration.connectionTimeouts = TestDaemon.timeouts
        let daemon = try HeraldDaemon(configuration: configuration)
        let (started, continuation) = AsyncStream.makeStream(of: String.self)
        let application = try daemon.makeApplication(onPushRunning: { url, _ in continuation.yield(url) })
        try await application.test(.live) { client in
            var iterator = started.makeAsyncIterator()
            let url = try #require(await iterator.next())
            let devices = try (0..<4).map { _ in try Self.enroll(daemon.services.pushDirectory) }
            let links = devices.prefix(3).map { device in Task { try await Self.link(url, device.1) } }
            defer { for link in links { link.cancel() } }
            for (device, _) in devices.prefix(3) {
                try await PushDeviceWaiting.until("three devices of one address are linked, past the HTTP API's 2") {
                    daemon.deviceLinks.isConnected(device)
                }
            }
            let fourth = try await Self.link(url, devices[3].1)
            #expect(fourth == false, "a fourth connection from the address, past the listener's 3, is closed")
            #expect(!daemon.deviceLinks.isConnected(devices[3].0))
            let port = try #require(client.port)
            #expect(try await ConnectionLimitTests.answered(port: port), "the HTTP API still answers beside three links")
        }
    }

    @Test(
        "the listener's limits are fitted to the descriptors the HTTP API's leave",
        arguments: [
            (524_288, ConnectionLimits(), PushListenerConfiguration.defaultConnectionLimits),
            (20_000, ConnectionLimits(), PushListenerConfiguration.defaultConnectionLimits),
            (8_192, ConnectionLimits(), ConnectionLimits(perPeer: 4_096, total: 8_192 - 1_024 - 256)),
            (3_000, ConnectionLimits(), ConnectionLimits(perPeer: 3_000 - 1_024 - 256, total: 3_000 - 1_024 - 256)),
            (1_024, ConnectionLimits(perPeer: 512, total: 768), ConnectionLimits(perPeer: 16, total: 16)),
        ])
    func fitted(descriptors: Int, http: ConnectionLimits, push: ConnectionLimits) {
        let fitted = HeraldDaemon.fitted(
            ConnectionLimits(), push: PushListenerConfiguration.defaultConnectionLimits, toDescriptors: descriptors)
        #expect(fitted.http == http)
        #expect(fitted.push == push)
        #expect(HeraldDaemon.fitted(ConnectionLimits(), push: nil, toDescriptors: descriptors).push == nil)
    }

    @Test("a provider API limit below 1 stops the daemon at start")
    func limitBelowOne() throws {
        let scratch = try TemporaryDirectory()
        var push = PushListenerConfiguration(port: 0, plaintext: true)
        push.connectionLimits.perPeer = 0
        let configuration = PushDaemonTests.configuration(scratch.url.appendingPathComponent("data"), push: push)
        #expect(throws: DaemonError.self) { try HeraldDaemon(configuration: configuration) }
    }

    static func enroll(_ directory: PushDirectory) throws -> (String, DeviceCredential) {
        let (_, code) = try directory.invite(name: "laptop", now: Date())
        let (device, credential) = try directory.enroll(code: code, now: Date())
        return (device.identifier, credential)
    }

    /// Opens a link on a connection of its own; whether the service answered it (200),
    /// after which it is held until the task is cancelled.
    static func link(_ url: String, _ credential: DeviceCredential) async throws -> Bool {
        do {
            let connection = try await ServiceConnection.connect(to: url, fingerprint: nil)
            defer { connection.close() }
            return try await connection.exchange(path: DeviceEndpoint.linkPath, credential: credential) { inbound, _ in
                var answered = false
                for try await frame in inbound {
                    if case .headers(let headers) = frame { answered = headers.headers.first(name: ":status") == "200" }
                }
                return answered
            }
        } catch {
            return false
        }
    }
}
