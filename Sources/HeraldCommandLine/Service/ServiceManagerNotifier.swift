public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Tells systemd how a service is doing, as `sd_notify(3)` does, without libsystemd:
/// one datagram on the `AF_UNIX` socket that `NOTIFY_SOCKET` names.
///
/// A `Type=notify` unit (the one `herald service install` writes) counts as started
/// once the daemon sends `READY=1`:
///
/// ```swift
/// try await daemon.run { url in
///     _ = try? ServiceManagerNotifier.ready(url: url)
/// }
/// ```
public enum ServiceManagerNotifier {
    /// The variable systemd sets for a `Type=notify` service.
    public static let socketVariable = "NOTIFY_SOCKET"

    /// Sends `state`, newline-separated `KEY=value` assignments such as
    /// `"READY=1\nSTATUS=Listening"`, to the socket `NOTIFY_SOCKET` names: a path, or
    /// with a leading `@` a name in the abstract namespace.
    ///
    /// - Returns: `false` when `NOTIFY_SOCKET` is unset or empty (no service manager
    ///   listens); `true` once the datagram is sent.
    /// - Throws: ``SystemIntegrationError/Code/notifySocketInvalid`` for an address
    ///   that is not a path, too long for `sun_path`;
    ///   ``SystemIntegrationError/Code/notificationFailed`` when sending fails.
    public static func notify(
        _ state: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Bool {
        guard let path = environment[socketVariable], !path.isEmpty else { return false }
        let address = try NotifySocketAddress(path)
        try send(Array(state.utf8), to: address)
        return true
    }

    /// Tells the service manager the daemon is ready and listening at `url`:
    /// `READY=1`, a `STATUS=` line `systemctl status` shows, and this process's id.
    ///
    /// - Returns: `false` when no service manager asked (`NOTIFY_SOCKET` unset).
    public static func ready(
        url: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Bool {
        try notify(readyState(url: url), environment: environment)
    }

    /// The state ``ready(url:environment:)`` sends.
    static func readyState(url: String, processID: Int32 = getpid()) -> String {
        "READY=1\nSTATUS=Listening on \(url)\nMAINPID=\(processID)"
    }

    private static func send(_ bytes: [UInt8], to address: NotifySocketAddress) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw failure("socket", path: address.path) }
        defer { close(descriptor) }
        let sent = address.withSocketAddress { pointer, length in
            bytes.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), pointer, length) }
        }
        guard sent == bytes.count else { throw failure("sendto", path: address.path) }
    }

    private static func failure(_ call: String, path: String) -> SystemIntegrationError {
        SystemIntegrationError(
            .notificationFailed, "cannot notify the service manager at \(path): \(call): \(String(cString: strerror(errno)))")
    }
}
