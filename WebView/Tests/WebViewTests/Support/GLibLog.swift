import CWebKitGTK
import Synchronization
import Testing

/// The GLib warnings and criticals this process logs, so that a test causing one fails.
///
/// GLib, GTK and WebKit report misuse — a signal handler looked up on a finalized object, a
/// widget function handed freed memory — as a `CRITICAL` or `WARNING` log message, and then
/// carry on. ``install()`` (first thing in `main.swift`) makes GLib's log writer record those
/// messages, and still print them as GLib does. The root suite's ``GLibLogCheck`` trait turns
/// the ones logged during a test into issues of that test, each naming the message; what is
/// logged outside any test is ``unclaimed()``, which fails the run at exit.
///
/// Messages from WebKit's web and network processes are theirs, not this process's: they are
/// printed but not seen here.
enum GLibLog {
    /// One logged message.
    struct Message: Sendable, CustomStringConvertible {
        var level: String
        var domain: String
        var text: String

        var description: String { "\(domain)-\(level): \(text)" }
    }

    private static let pending = Mutex<[Message]>([])
    private static let outsideTests = Mutex<[Message]>([])

    /// Sets this process's GLib log writer. Call it once, before GTK starts: GLib allows one
    /// writer, set before anything is logged.
    static func install() {
        g_log_set_writer_func(writer, nil, nil)
    }

    /// The messages logged since the last call, oldest first.
    static func take() -> [Message] {
        pending.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }

    /// Keeps what was logged since the last `take()` as logged outside any test.
    static func setAsideOutsideTests() {
        let messages = take()
        outsideTests.withLock { $0.append(contentsOf: messages) }
    }

    /// What was logged outside any test (between tests, after the last), which no test claimed.
    static func unclaimed() -> [Message] {
        setAsideOutsideTests()
        return outsideTests.withLock { $0 }
    }

    /// GLib calls the writer on the thread that logs, for every message of every domain.
    private static let writer: GLogWriterFunc = { level, fields, count, userData in
        if let fields, let name = serious(level) {
            let message = Message(
                level: name, domain: field("GLIB_DOMAIN", fields, count) ?? "(process)",
                text: field("MESSAGE", fields, count) ?? "")
            pending.withLock { $0.append(message) }
        }
        return g_log_writer_default(level, fields, count, userData)
    }

    /// The level's name when it is a warning or worse; `nil` for messages, info and debug.
    private static func serious(_ level: GLogLevelFlags) -> String? {
        let flags = level.rawValue
        if flags & G_LOG_LEVEL_ERROR.rawValue != 0 { return "ERROR" }
        if flags & G_LOG_LEVEL_CRITICAL.rawValue != 0 { return "CRITICAL" }
        if flags & G_LOG_LEVEL_WARNING.rawValue != 0 { return "WARNING" }
        return nil
    }

    /// A structured log field's text; GLib's length -1 means NUL-terminated.
    private static func field(_ key: String, _ fields: UnsafePointer<GLogField>, _ count: gsize) -> String? {
        for field in UnsafeBufferPointer(start: fields, count: Int(count))
        where field.key.map({ String(cString: $0) }) == key {
            guard let value = field.value else { return nil }
            let bytes = value.assumingMemoryBound(to: CChar.self)
            guard field.length >= 0 else { return String(cString: bytes) }
            let buffer = UnsafeRawBufferPointer(start: value, count: Int(field.length))
            return String(decoding: buffer, as: UTF8.self)
        }
        return nil
    }
}

/// Fails each test (each case of a parameterized one) with one issue per GLib warning or
/// critical logged while it ran. On the root suite, it applies to every test in it.
struct GLibLogCheck: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        GLibLog.setAsideOutsideTests()
        defer {
            for message in GLibLog.take() {
                Issue.record("GLib logged \(message)", sourceLocation: test.sourceLocation)
            }
        }
        try await function()
    }
}

extension Trait where Self == GLibLogCheck {
    /// Each test fails when GLib logs a warning or critical while it runs.
    static var failsOnGLibWarnings: Self { Self() }
}
