public import Foundation
import Logging
import Synchronization

/// Herald as a UnifiedPush distributor on the session bus: it owns
/// `org.unifiedpush.Distributor.herald` and serves `org.unifiedpush.Distributor2`
/// (`Register`, `Unregister`) at `/org/unifiedpush/Distributor`, and calls each app's
/// `org.unifiedpush.Connector2` (`NewEndpoint`, `Message`, `Unregistered`).
///
/// A call's arguments are checked before anything is done (``UnifiedPushRegistration``);
/// one that breaks a rule is answered `org.freedesktop.DBus.Error.InvalidArgs`. Calls
/// to connectors never wait on a thread and end after ``callTimeout``, so an app that
/// hangs holds up only its own messages. A registration is answered before its
/// `NewEndpoint` is sent, so a connector that waits for its answer gets it; while
/// one is unanswered, the same registration again sends no second one.
public final class UnifiedPushDistributor: Sendable {
    /// The name Herald owns on the session bus, which connectors find it by.
    public static let name = "org.unifiedpush.Distributor.herald"
    static let path = "/org/unifiedpush/Distributor"
    static let interface = "org.unifiedpush.Distributor2"
    static let connectorPath = "/org/unifiedpush/Connector"
    static let connectorInterface = "org.unifiedpush.Connector2"

    /// The interface, as the specification's XML has it.
    static let introspection = """
        <node>
          <interface name="org.unifiedpush.Distributor2">
            <method name="Register">
              <arg name="args" type="a{sv}" direction="in"/>
              <arg name="res" type="a{sv}" direction="out"/>
            </method>
            <method name="Unregister">
              <arg name="args" type="a{sv}" direction="in"/>
              <arg name="res" type="a{sv}" direction="out"/>
            </method>
          </interface>
        </node>
        """

    let connection: DBusConnection
    /// How long a call to a connector may take, the app's start included.
    public let callTimeout: Duration
    /// The `NewEndpoint` calls sent and not answered, by app, token and endpoint: a
    /// registration repeated meanwhile sends none more, so a caller registering in a
    /// loop for an app that hangs cannot pile calls up.
    private let endpointsInFlight = Mutex<Set<String>>([])
    private let logger = Logger(label: "herald.unifiedpush")

    /// A distributor on `connection`; nothing is served until ``start(_:)``.
    package init(connection: DBusConnection, callTimeout: Duration = .seconds(30)) {
        self.connection = connection
        self.callTimeout = callTimeout
    }

    /// A distributor on the session bus of `environment`, through GIO from `library`.
    ///
    /// - Throws: ``DBusError``: `desktopUnavailable` without GIO, `noBus` without a
    ///   session bus, or the bus's error.
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment, library: String? = nil,
        callTimeout: Duration = .seconds(30)
    ) throws {
        let connection = try DBusConnection(.session, environment: environment, library: library ?? GIO.defaultLibrary)
        self.init(connection: connection, callTimeout: callTimeout)
    }

    /// Serves `Distributor2`, then owns ``name``: connectors' calls go to `registrar`.
    ///
    /// - Throws: ``DBusError`` when the object cannot be exported, or another
    ///   distributor owns ``name`` (another Herald, say).
    public func start(_ registrar: any UnifiedPushRegistrar) throws {
        try connection.export(Self.introspection, interface: Self.interface, path: Self.path) { [weak self] call in
            self?.handle(call, registrar: registrar)
        }
        try connection.requestName(Self.name)
    }

    private func handle(_ call: DBusMethodCall, registrar: any UnifiedPushRegistrar) {
        let arguments = call.arguments.first?.dictionary ?? [:]
        do {
            switch call.method {
            case "Register":
                let registration = try UnifiedPushRegistration(arguments: arguments)
                Task { await register(registration, registrar: registrar, answering: call) }
            case "Unregister":
                let token = try UnifiedPushRegistration.token(in: arguments)
                Task { await unregister(token, registrar: registrar, answering: call) }
            default:
                call.fail("org.freedesktop.DBus.Error.UnknownMethod", "\(Self.interface) has no method \(call.method)")
            }
        } catch let error as UnifiedPushError {
            logger.info("refused \(call.method) from \(call.sender): \(error.message)")
            call.fail(error.dbusName, error.message)
        } catch {
            call.fail("org.freedesktop.DBus.Error.Failed", "\(error)")
        }
    }

    private func register(
        _ registration: UnifiedPushRegistration, registrar: any UnifiedPushRegistrar, answering call: DBusMethodCall
    ) async {
        let result = await registrar.register(registration)
        call.reply([.dictionary(result.reply)])
        switch result {
        case .succeeded(let endpoint):
            let key = [registration.service, registration.token, endpoint].joined(separator: "\n")
            guard endpointsInFlight.withLock({ $0.insert(key).inserted }) else { return }
            defer { _ = endpointsInFlight.withLock { $0.remove(key) } }
            do {
                try await newEndpoint(service: registration.service, token: registration.token, endpoint: endpoint)
            } catch {
                logger.warning("cannot give \(registration.service) its endpoint: \(error)")
            }
        case .failed(let reason, let message):
            logger.info("refused the registration of \(registration.service) (\(reason.rawValue)): \(message)")
        }
    }

    private func unregister(_ token: String, registrar: any UnifiedPushRegistrar, answering call: DBusMethodCall) async {
        let service = await registrar.unregister(token: token)
        call.reply([.dictionary([:])])
        guard let service else { return }
        do {
            try await unregistered(service: service, token: token)
        } catch {
            logger.info("cannot tell \(service) it is unregistered: \(error)")
        }
    }
}

extension UnifiedPushDistributor: UnifiedPushConnectors {
    public func newEndpoint(service: String, token: String, endpoint: String) async throws {
        try await callConnector(service, "NewEndpoint", ["token": .string(token), "endpoint": .string(endpoint)])
    }

    public func message(service: String, token: String, body: Data, id: String) async throws {
        try await callConnector(service, "Message", ["token": .string(token), "message": .bytes(Array(body)), "id": .string(id)])
    }

    public func unregistered(service: String, token: String) async throws {
        try await callConnector(service, "Unregistered", ["token": .string(token)])
    }

    private func callConnector(_ service: String, _ method: String, _ arguments: [String: DBusValue]) async throws {
        _ = try await connection.send(
            service, path: Self.connectorPath, interface: Self.connectorInterface, method: method,
            arguments: [.dictionary(arguments)], replyType: "(a{sv})", timeout: callTimeout)
    }
}
