import Foundation
import HeraldCommandLine
import HeraldTestSupport
import Testing

/// `ServiceManagerNotifier`: the datagram systemd reads from `NOTIFY_SOCKET`.
struct ServiceManagerNotifierTests {
    @Test func sendsTheStateToASocketFile() async throws {
        let directory = try TemporaryDirectory()
        let socket = try DatagramSocket(path: directory.path("notify"))
        let state = "READY=1\nSTATUS=Listening on http://127.0.0.1:7878\nMAINPID=42"
        #expect(try ServiceManagerNotifier.notify(state, environment: ["NOTIFY_SOCKET": socket.address]))
        #expect(try await socket.receive() == Array(state.utf8))
    }

    @Test func sendsToAnAbstractSocket() async throws {
        let socket = try DatagramSocket(abstractName: "herald-test-\(UUID().uuidString)")
        #expect(socket.address.hasPrefix("@"))
        #expect(try ServiceManagerNotifier.notify("WATCHDOG=1", environment: ["NOTIFY_SOCKET": socket.address]))
        #expect(try await socket.receive() == Array("WATCHDOG=1".utf8))
    }

    @Test func readySaysReadyWhereAndWho() async throws {
        let directory = try TemporaryDirectory()
        let socket = try DatagramSocket(path: directory.path("notify"))
        #expect(try ServiceManagerNotifier.ready(url: "http://127.0.0.1:7878", environment: ["NOTIFY_SOCKET": socket.address]))
        let expected = "READY=1\nSTATUS=Listening on http://127.0.0.1:7878\nMAINPID=\(ProcessInfo.processInfo.processIdentifier)"
        #expect(try await socket.receive() == Array(expected.utf8))
    }

    @Test func withoutNotifySocketNothingIsSent() throws {
        #expect(try ServiceManagerNotifier.notify("READY=1", environment: [:]) == false)
        #expect(try ServiceManagerNotifier.notify("READY=1", environment: ["NOTIFY_SOCKET": ""]) == false)
    }

    @Test(arguments: ["relative/notify", "vsock:2:1234", "/" + String(repeating: "x", count: 108), "@" + String(repeating: "x", count: 108)])
    func refusesAddressesItCannotUse(_ address: String) {
        let error = #expect(throws: SystemIntegrationError.self) {
            try ServiceManagerNotifier.notify("READY=1", environment: ["NOTIFY_SOCKET": address])
        }
        #expect(error?.code == .notifySocketInvalid)
    }

    @Test func aSocketNobodyListensOnIsAnError() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: SystemIntegrationError.self) {
            try ServiceManagerNotifier.notify("READY=1", environment: ["NOTIFY_SOCKET": directory.path("absent")])
        }
        #expect(error?.code == .notificationFailed)
    }
}
