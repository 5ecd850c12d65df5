@testable import DesktopNotifications
import Foundation
import HeraldTestSupport
import Synchronization

/// A private session bus with python-dbusmock's `notification_daemon` as the
/// desktop's notification server, and on request a second bus standing in for the
/// system bus with logind's template: the desktop a test talks to, on this machine.
///
/// Needs `dbus-daemon` and Debian's `python3-dbusmock` (`.ci/run` installs both).
final class MockDesktop: Sendable {
    let directory: TemporaryDirectory
    let sessionAddress: String
    let systemAddress: String
    private let buses: [ChildProcess]
    private let servers = ProcessList()
    /// The test's own connection to the session bus, to read the mock's calls and make it send signals.
    let session: DBusConnection

    /// Starts the buses and a notification server advertising `capabilities`, with
    /// KDE's `Inhibited` property set to `inhibited` unless it is `nil`.
    init(capabilities: [String] = ["actions", "body", "body-markup", "persistence"], inhibited: Bool? = nil) async throws {
        directory = try TemporaryDirectory()
        sessionAddress = "unix:path=" + directory.path("session")
        systemAddress = "unix:path=" + directory.path("system")
        var buses: [ChildProcess] = []
        for path in [directory.path("session"), directory.path("system")] { buses.append(try await Self.startBus(at: path)) }
        self.buses = buses
        session = try Self.connect(sessionAddress)
        try await startServer(capabilities: capabilities, inhibited: inhibited)
    }

    deinit {
        servers.terminateAll()
        for bus in buses { bus.send(SIGKILL) }
    }

    /// The environment a presenter finds these buses in.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": sessionAddress, "DBUS_SYSTEM_BUS_ADDRESS": systemAddress, "XDG_SESSION_ID": "c1"]
    }

    // MARK: The notification server

    /// Starts (again) a notification server, with KDE's `Inhibited` property set to
    /// `inhibited` from its start unless it is `nil`; waits until it owns its name.
    func startServer(capabilities: [String], inhibited: Bool? = nil) async throws {
        var parameters = #"{"capabilities": "\#(capabilities.joined(separator: " "))""#
        var template = "notification_daemon"
        if let inhibited {
            parameters += #", "inhibited": \#(inhibited)"#
            template = try writeInhibitingTemplate()
        }
        try await servers.start(
            "/usr/bin/python3", ["-m", "dbusmock", "--template", template, "-p", parameters + "}"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": sessionAddress])
        try waitForOwner(of: NotificationServer.name, on: session)
    }

    /// Stops the notification server (as a crash would) and waits until its name is free.
    func stopServer() throws {
        servers.terminateAll()
        try wait("the notification server to leave") { (try? self.owner(of: NotificationServer.name, on: self.session)) == nil }
    }

    /// The `Notify` calls the server got, each as its eight arguments.
    func notifyCalls() throws -> [[DBusValue]] {
        try calls().filter { $0.method == "Notify" }.map(\.arguments)
    }

    /// Every method call the server got, in order.
    func calls() throws -> [(method: String, arguments: [DBusValue])] {
        let reply = try session.call(
            NotificationServer.name, path: "/org/freedesktop/Notifications", interface: "org.freedesktop.DBus.Mock",
            method: "GetCalls", replyType: "(a(tsav))")
        guard case .array(let calls, _) = reply.first else { return [] }
        return calls.compactMap { call in
            guard case .tuple(let fields) = call, fields.count == 3, let method = fields[1].string,
                case .array(let arguments, _) = fields[2]
            else { return nil }
            return (method, arguments.map(\.unwrapped))
        }
    }

    /// Makes the server send `member` with `arguments` (types by `signature`).
    func emit(_ member: String, _ signature: String, _ arguments: [DBusValue]) throws {
        _ = try session.call(
            NotificationServer.name, path: "/org/freedesktop/Notifications", interface: "org.freedesktop.DBus.Mock",
            method: "EmitSignal",
            arguments: [.string(NotificationServer.name), .string(member), .string(signature), .array(arguments.map { .variant($0) }, element: "v")],
            replyType: "()")
    }

    /// Makes the server answer `Notify` only after `seconds`, as a hung server would.
    func slowDown(by seconds: Double) throws {
        _ = try session.call(
            NotificationServer.name, path: "/org/freedesktop/Notifications", interface: "org.freedesktop.DBus.Mock",
            method: "AddMethod",
            arguments: [
                .string(NotificationServer.name), .string("Notify"), .string("susssasa{sv}i"), .string("u"),
                .string("import time; time.sleep(\(seconds)); ret = 99"),
            ],
            replyType: "()")
    }

    // MARK: logind

    /// Starts logind's mock on the stand-in system bus with session `c1` of this user, unlocked.
    func startLogind() async throws -> DBusConnection {
        try await servers.start(
            "/usr/bin/python3", ["-m", "dbusmock", "--system", "--template", "logind"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": systemAddress])
        let system = try Self.connect(systemAddress)
        try waitForOwner(of: "org.freedesktop.login1", on: system)
        _ = try system.call(
            "org.freedesktop.login1", path: "/org/freedesktop/login1", interface: "org.freedesktop.DBus.Mock",
            method: "AddSession",
            arguments: [.string("c1"), .string("seat0"), .uint32(getuid()), .string("user"), .boolean(true)],
            replyType: "(s)")
        return system
    }

    /// Sets the session's `LockedHint`, as a screen locker does.
    func setLocked(_ locked: Bool, on system: DBusConnection) throws {
        _ = try system.call(
            "org.freedesktop.login1", path: "/org/freedesktop/login1/session/c1",
            interface: "org.freedesktop.login1.Session", method: "SetLockedHint", arguments: [.boolean(locked)],
            replyType: "()")
    }

    // MARK: Helpers

    /// A connection to the bus at `address`, once it accepts one: the socket file
    /// appears a moment before the bus listens on it.
    static func connect(_ address: String) throws -> DBusConnection {
        var connection: DBusConnection?
        try wait("the bus at \(address) to accept a connection") {
            connection = try? DBusConnection(.address(address))
            return connection != nil
        }
        return connection!
    }

    static func startBus(at path: String) async throws -> ChildProcess {
        let bus = try await ChildProcess.start(
            URL(fileURLWithPath: "/usr/bin/dbus-daemon"),
            ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(path)"])
        try wait("the bus at \(path)") { FileManager.default.fileExists(atPath: path) }
        return bus
    }

    private func owner(of name: String, on connection: DBusConnection) throws -> String? {
        try connection.call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetNameOwner", arguments: [.string(name)], replyType: "(s)"
        ).first?.string
    }

    private func waitForOwner(of name: String, on connection: DBusConnection) throws {
        try Self.wait("\(name) on the bus") { (try? self.owner(of: name, on: connection)) != nil }
    }

    private func wait(_ what: String, until condition: () -> Bool) throws {
        try Self.wait(what, until: condition)
    }
}

/// The mock servers a ``MockDesktop`` started.
final class ProcessList: Sendable {
    private let processes = Mutex<[ChildProcess]>([])

    func start(_ program: String, _ arguments: [String], environment: [String: String]) async throws {
        let process = try await ChildProcess.start(
            URL(fileURLWithPath: program), arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new })
        processes.withLock { $0.append(process) }
    }

    /// Kills them (SIGKILL, as a crash); the bus sees each one leave.
    func terminateAll() {
        for process in processes.withLock({ list in defer { list = [] }; return list }) {
            process.send(SIGKILL)
        }
    }
}

extension MockDesktop {
    /// Polls `condition` every 10 ms for up to 30 s: processes and buses answer in
    /// their own time. The test fails with `what` if it never holds, including at a
    /// last look once the 30 s are over (a wait that woke late, the process stalled,
    /// still sees what happened meanwhile).
    static func wait(_ what: String, until condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try condition() { return }
            usleep(10_000)
        }
        if try condition() { return }
        throw WaitError(what: what)
    }

    /// Like ``wait(_:until:)`` for a test: it sleeps between looks instead of holding
    /// one of the few threads Swift's concurrency has here. One whose sleep ends past
    /// the deadline looks once more: in a CI run some forty tests waited 31 s for a
    /// thread and then finished together, and a wait for `Notify` gave up then
    /// without looking again.
    static func eventually(_ what: String, until condition: () throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        if try condition() { return }
        throw WaitError(what: what)
    }

    struct WaitError: Error, CustomStringConvertible {
        var what: String
        var description: String { "gave up waiting for \(what)" }
    }
}
