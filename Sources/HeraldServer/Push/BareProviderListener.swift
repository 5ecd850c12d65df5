import Foundation
import Logging
import PushService

/// The provider API's transport with nothing behind it: the listener `herald serve`
/// runs (TLS with ALPN `h2`, or h2c; ``PushLimits``; the stream handling), answering
/// every request 200 with its `apns-id` at once, without the provider's checks or the
/// engine. The push benchmark's peer (`Benchmarks/`, P1) measures the daemon beside
/// it; `herald serve` never runs it.
@_spi(Benchmarks)
public enum BareProviderListener {
    /// Serves on `host` as `configuration` says until the task is cancelled; `onRunning`
    /// gets the listener's URL. Over TLS it serves `configuration`'s certificate and
    /// key files, which it needs (a daemon's `push-cert.pem` and `push-key.pem` will do).
    ///
    /// - Throws: ``DaemonError`` for TLS without certificate and key files, files that
    ///   cannot serve TLS, or plaintext HTTP/2 on an address that is not a loopback one.
    public static func serve(
        host: String, configuration: PushListenerConfiguration,
        onRunning: @escaping @Sendable (String) async -> Void
    ) async throws {
        let transport: PushListener.Transport
        if configuration.plaintext {
            transport = .plaintext
        } else if let certificate = configuration.certificateFile, let key = configuration.keyFile {
            transport = .tls(try PushIdentity.load(certificate: certificate, key: key))
        } else {
            throw DaemonError("a bare provider listener over TLS needs a certificate file and its key")
        }
        let listener = try PushListener(
            host: host, port: configuration.port, transport: transport, limits: configuration.limits,
            connections: ConnectionTable(limits: ConnectionLimits(), logger: Logger(label: "herald.push.bare")),
            endpoint: { request in .accepted(Self.sentID(request) ?? UUID()) },
            onRunning: { await onRunning($0.url) })
        try await listener.run()
    }

    /// The request's `apns-id`, as the daemon's endpoint echoes it.
    private static func sentID(_ request: ProviderRequest) -> UUID? {
        request.fields.first { $0.name == "apns-id" }.flatMap { UUID(uuidString: $0.value) }
    }
}
