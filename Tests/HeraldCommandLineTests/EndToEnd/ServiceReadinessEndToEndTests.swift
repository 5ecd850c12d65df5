import Foundation
import HeraldCommandLine
import HeraldTestSupport
import Testing

/// `herald serve` as the unit `herald service install` writes runs it: it takes the unit's
/// options and says READY=1 on `NOTIFY_SOCKET` once it listens, as `Type=notify` needs.
struct ServiceReadinessEndToEndTests {
    @Test func serveWithTheUnitsOptionsNotifiesReadyOnceItListens() async throws {
        let directory = try TemporaryDirectory()
        let socket = try DatagramSocket(path: directory.path("notify"))
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HERALD_") }
        environment["NOTIFY_SOCKET"] = socket.address
        let data = directory.url.appendingPathComponent("data")
        let unit = try ServiceUnit(
            executable: HeraldBinary.url.path, port: 0, host: "127.0.0.1", dataDirectory: data.path, desktop: .off)
        let server = try HeraldProcess(
            Array(unit.command.dropFirst()) + ["--no-bundled-apps"], environment: environment, scratch: directory.url)
        let exited = try await server.start()
        let message = try await socket.receive(within: 30)
        server.terminate()
        #expect(await exited.value == 0, "\(server.errors)")
        let text = try #require(message.map { String(decoding: $0, as: UTF8.self) }, "no READY=1: \(server.output) \(server.errors)")
        #expect(text.hasPrefix("READY=1\nSTATUS=Listening on http://127.0.0.1:"))
        #expect(text.hasSuffix("\nMAINPID=\(server.processIdentifier)"))
    }
}
