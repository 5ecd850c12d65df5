import Foundation

/// A private session bus with a notification server that stamps each `Notify` with
/// the wall clock (`time.time_ns()`) when it arrives, under the notification's summary.
/// The server is a few lines of dbus-python (Debian's python3-dbus, as python-dbusmock
/// uses), so both sides of X1 reach the same server.
final class StampingServer {
    static let script = """
        import time, dbus, dbus.service, dbus.mainloop.glib
        from gi.repository import GLib
        dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
        class Server(dbus.service.Object):
            def __init__(self, bus):
                super().__init__(bus, '/org/freedesktop/Notifications')
                self.stamps, self.next_id = {}, 1
            @dbus.service.method('org.freedesktop.Notifications', in_signature='susssasa{sv}i', out_signature='u')
            def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
                self.stamps[str(summary)] = time.time_ns()
                if replaces: return replaces
                self.next_id += 1
                return self.next_id - 1
            @dbus.service.method('org.freedesktop.Notifications', out_signature='as')
            def GetCapabilities(self): return ['actions', 'body', 'body-markup', 'persistence']
            @dbus.service.method('org.freedesktop.Notifications', out_signature='ssss')
            def GetServerInformation(self): return ('stamping', 'herald benchmarks', '1', '1.2')
            @dbus.service.method('org.freedesktop.Notifications', in_signature='u')
            def CloseNotification(self, id): pass
            @dbus.service.method('org.freedesktop.Notifications', out_signature='a(st)')
            def Stamps(self): return [(key, value) for key, value in self.stamps.items()]
        bus = dbus.SessionBus()
        name = dbus.service.BusName('org.freedesktop.Notifications', bus)
        server = Server(bus)
        GLib.MainLoop().run()
        """

    let directory: URL
    let address: String
    private var processes: [Process] = []

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-bench-x1-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("bus").path
        address = "unix:path=" + socket
        try start("/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=\(address)"])
        try wait("the bus") { FileManager.default.fileExists(atPath: socket) }
        try start("/usr/bin/python3", ["-c", Self.script])
        try wait("the notification server") { self.call("GetCapabilities") != nil }
    }

    deinit {
        for process in processes.reversed() {
            kill(process.processIdentifier, SIGKILL)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The environment that reaches this bus.
    var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { _, new in new }
    }

    /// The arrival of each notification by summary, in nanoseconds since 1970.
    func stamps() throws -> [String: UInt64] {
        guard let text = call("Stamps") else { throw BenchmarkFailure("the server did not give its stamps") }
        // ([('n-1', 1764…), …],) as gdbus prints it
        var result: [String: UInt64] = [:]
        let pattern = try NSRegularExpression(pattern: #"\('([^']*)', (?:uint64 )?(\d+)\)"#)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let key = String(text[Range(match.range(at: 1), in: text)!])
            result[key] = UInt64(text[Range(match.range(at: 2), in: text)!])
        }
        return result
    }

    /// Calls a method of the server with gdbus; what it printed, or nil when it failed.
    private func call(_ method: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments = [
            "call", "--session", "-d", "org.freedesktop.Notifications", "-o", "/org/freedesktop/Notifications",
            "-m", "org.freedesktop.Notifications.\(method)",
        ]
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    private func start(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        processes.append(process)
    }

    private func wait(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(15)
        while !condition() {
            guard Date() < deadline else { throw BenchmarkFailure("gave up waiting for \(what)") }
            usleep(10_000)
        }
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
