@testable import DesktopNotifications
import Foundation
import HeraldTestSupport
import Synchronization
import Testing

/// Herald's UnifiedPush distributor on a private bus, called by a connector made
/// with the same D-Bus layer: the calls as the specification has them, both ways.
@Suite("The UnifiedPush distributor over D-Bus", .serialized, .offThePool)
struct UnifiedPushBusTests {
    @Test("Register: answered REGISTRATION_SUCCEEDED, then NewEndpoint with the registrar's endpoint")
    func register() async throws {
        let bus = try await UnifiedPushBus()
        let reply = try bus.register(["service": .string(UnifiedPushBus.app), "token": .string("t-1"), "description": .string("me")])
        #expect(reply == ["success": .string("REGISTRATION_SUCCEEDED")])
        #expect(bus.registrar.registrations == [UnifiedPushRegistration(service: UnifiedPushBus.app, token: "t-1", description: "me")])
        try await MockDesktop.eventually("NewEndpoint") { !bus.connector.calls.isEmpty }
        #expect(bus.connector.calls == [.init(method: "NewEndpoint", arguments: ["token": .string("t-1"), "endpoint": .string("https://push.example/t-1")])])
    }

    @Test("Registering again while the app has not answered NewEndpoint sends no second one")
    func repeatedWhileHung() async throws {
        let bus = try await UnifiedPushBus(callTimeout: .seconds(600))
        bus.connector.hang(true)
        for _ in 0..<3 {
            #expect(try bus.register(["service": .string(UnifiedPushBus.app), "token": .string("t-1")])["success"] == .string("REGISTRATION_SUCCEEDED"))
        }
        _ = try bus.register(["service": .string(UnifiedPushBus.app), "token": .string("t-2")])
        try await MockDesktop.eventually("t-2's NewEndpoint") { bus.connector.calls.contains { $0.arguments["token"] == .string("t-2") } }
        #expect(bus.connector.calls.filter { $0.arguments["token"] == .string("t-1") }.count == 1)
    }

    @Test("A refusal carries the specification's reason; nothing is sent to the app")
    func refused() async throws {
        let bus = try await UnifiedPushBus()
        bus.registrar.refuse(.vapidRequired)
        let reply = try bus.register(["service": .string(UnifiedPushBus.app), "token": .string("t-1"), "vapid": .string("x")])
        #expect(reply == ["success": .string("REGISTRATION_FAILED"), "reason": .string("VAPID_REQUIRED")])
        #expect(bus.connector.calls.isEmpty)
    }

    @Test("Malformed arguments: InvalidArgs naming the rule, the registrar never asked")
    func malformed() async throws {
        let bus = try await UnifiedPushBus()
        let error = try #require(throws: DBusError.self) {
            try bus.register(["service": .string("not a name"), "token": .string("t-1")])
        }
        #expect(error.message.contains("InvalidArgs"), "\(error)")
        #expect(error.message.contains("well-known D-Bus name"), "\(error)")
        #expect(bus.registrar.registrations.isEmpty)
    }

    @Test("Unregister: answered with an empty dictionary, then Unregistered")
    func unregister() async throws {
        let bus = try await UnifiedPushBus()
        let reply = try bus.call("Unregister", ["token": .string("t-1")])
        #expect(reply == [:])
        try await MockDesktop.eventually("Unregistered") { !bus.connector.calls.isEmpty }
        #expect(bus.connector.calls == [.init(method: "Unregistered", arguments: ["token": .string("t-1")])])
        #expect(try bus.call("Unregister", ["token": .string("unknown")]) == [:])
    }

    @Test("Message carries the still-encrypted body byte for byte, with its id")
    func message() async throws {
        let bus = try await UnifiedPushBus()
        let body = Data((0..<4_096).map { UInt8($0 % 251) })
        try await bus.distributor.message(service: UnifiedPushBus.app, token: "t-1", body: body, id: "m-1")
        #expect(bus.connector.calls == [.init(method: "Message", arguments: ["token": .string("t-1"), "message": .bytes(Array(body)), "id": .string("m-1")])])
    }

    @Test("An app nobody runs and the bus cannot start: serviceUnknown, at once")
    func unknownApp() async throws {
        let bus = try await UnifiedPushBus()
        let error = await #expect(throws: DBusError.self) {
            try await bus.distributor.message(service: "org.example.Absent", token: "t", body: Data([1]), id: "m")
        }
        #expect(error?.code == .serviceUnknown)
    }

    @Test("An app that does not answer: timedOut after the call's timeout, other apps served meanwhile")
    func hungApp() async throws {
        let bus = try await UnifiedPushBus(callTimeout: .seconds(3))
        bus.connector.hang(true)
        let hung = Task { try await bus.distributor.message(service: UnifiedPushBus.app, token: "t", body: Data([1]), id: "m") }
        let other = try await UnifiedPushBus.Connector(bus: bus.address, name: "org.example.Other")
        try await bus.distributor.newEndpoint(service: "org.example.Other", token: "o", endpoint: "https://push.example/o")
        #expect(other.calls.map(\.method) == ["NewEndpoint"])
        let error = await #expect(throws: DBusError.self) { try await hung.value }
        #expect(error?.code == .timedOut)
    }

    @Test("Herald owns its name once started; a second distributor cannot take it")
    func ownsName() async throws {
        let bus = try await UnifiedPushBus()
        let owner = try bus.client.call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", method: "GetNameOwner",
            arguments: [.string(UnifiedPushDistributor.name)], replyType: "(s)")
        #expect(owner.first?.string == bus.distributor.connection.uniqueName)
        let second = UnifiedPushDistributor(connection: try MockDesktop.connect(bus.address))
        #expect(throws: DBusError.self) { try second.start(UnifiedPushBus.Registrar()) }
    }
}
