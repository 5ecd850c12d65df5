@testable import DesktopNotifications
import Foundation
import HeraldTestSupport
import Synchronization

/// A private bus with Herald's UnifiedPush distributor started on a registrar of
/// the test's, a connector app (``Connector``) that records what it is called with,
/// and a connection of the test's to call the distributor as an app does.
final class UnifiedPushBus: Sendable {
    static let app = "org.example.Connector"
    let directory: TemporaryDirectory
    let address: String
    private let process: ChildProcess
    let distributor: UnifiedPushDistributor
    let registrar = Registrar()
    let connector: Connector
    let client: DBusConnection

    init(callTimeout: Duration = .seconds(30)) async throws {
        directory = try TemporaryDirectory()
        address = "unix:path=" + directory.path("bus")
        process = try await MockDesktop.startBus(at: directory.path("bus"))
        distributor = UnifiedPushDistributor(connection: try MockDesktop.connect(address), callTimeout: callTimeout)
        try distributor.start(registrar)
        connector = try await Connector(bus: address, name: Self.app)
        client = try MockDesktop.connect(address)
    }

    deinit {
        process.send(SIGKILL)
    }

    /// Calls the distributor's `Register` with `arguments`; returns its answer.
    func register(_ arguments: [String: DBusValue]) throws -> [String: DBusValue] {
        try call("Register", arguments)
    }

    /// Calls the distributor's `method`; waits up to a minute, as the distributor answers
    /// from Swift's concurrency pool, which the whole suite keeps busy.
    func call(_ method: String, _ arguments: [String: DBusValue]) throws -> [String: DBusValue] {
        let reply = try client.call(
            UnifiedPushDistributor.name, path: UnifiedPushDistributor.path, interface: UnifiedPushDistributor.interface,
            method: method, arguments: [.dictionary(arguments)], replyType: "(a{sv})", timeout: .seconds(60))
        return reply.first?.dictionary ?? [:]
    }

    /// Registers every well-formed registration, with the endpoint `https://push.example/<token>`,
    /// unless told to refuse; knows every token but `unknown` as ``UnifiedPushBus/app``'s.
    final class Registrar: UnifiedPushRegistrar {
        private let state = Mutex<(registrations: [UnifiedPushRegistration], refusal: UnifiedPushRegistrationResult.Reason?)>(([], nil))

        var registrations: [UnifiedPushRegistration] { state.withLock { $0.registrations } }

        func refuse(_ reason: UnifiedPushRegistrationResult.Reason) {
            state.withLock { $0.refusal = reason }
        }

        func register(_ registration: UnifiedPushRegistration) async -> UnifiedPushRegistrationResult {
            state.withLock { state in
                if let reason = state.refusal { return .failed(reason, message: "refused by the test") }
                state.registrations.append(registration)
                return .succeeded(endpoint: "https://push.example/\(registration.token)")
            }
        }

        func unregister(token: String) async -> String? {
            token == "unknown" ? nil : UnifiedPushBus.app
        }
    }

    /// An app's `org.unifiedpush.Connector2`, owning `name`: records each call and
    /// answers it (`Message` with its id), or holds it unanswered while hung.
    final class Connector: Sendable {
        struct Call: Hashable, Sendable {
            var method: String
            var arguments: [String: DBusValue]
        }

        private static let introspection = """
            <node>
              <interface name="org.unifiedpush.Connector2">
                <method name="Message"><arg name="args" type="a{sv}" direction="in"/><arg name="res" type="a{sv}" direction="out"/></method>
                <method name="NewEndpoint"><arg name="args" type="a{sv}" direction="in"/><arg name="res" type="a{sv}" direction="out"/></method>
                <method name="Unregistered"><arg name="args" type="a{sv}" direction="in"/><arg name="res" type="a{sv}" direction="out"/></method>
              </interface>
            </node>
            """
        let connection: DBusConnection
        private let state = Mutex<(calls: [Call], hung: Bool, held: [DBusMethodCall])>(([], false, []))

        init(bus address: String, name: String) async throws {
            connection = try MockDesktop.connect(address)
            try connection.export(Self.introspection, interface: UnifiedPushDistributor.connectorInterface, path: UnifiedPushDistributor.connectorPath) {
                [weak self] call in self?.answer(call)
            }
            try connection.requestName(name)
        }

        private func answer(_ call: DBusMethodCall) {
            let arguments = call.arguments.first?.dictionary ?? [:]
            let hung = state.withLock { state in
                state.calls.append(Call(method: call.method, arguments: arguments))
                if state.hung { state.held.append(call) }
                return state.hung
            }
            guard !hung else { return }
            call.reply([.dictionary(call.method == "Message" ? ["id": arguments["id"] ?? .string("")] : [:])])
        }

        var calls: [Call] { state.withLock { $0.calls } }

        func hang(_ hung: Bool) {
            state.withLock { $0.hung = hung }
        }
    }
}
