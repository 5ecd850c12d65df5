import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import ServiceLifecycle

/// The provider API's listener: Apple's HTTP/2 transport on its own port, turning
/// each stream's request into a ``ProviderRequest`` for the endpoint and writing back
/// its ``ProviderAnswer``. It knows nothing of APNs beyond that; the endpoint knows
/// nothing of HTTP/2. A swift-service-lifecycle service: the daemon runs it beside its
/// HTTP API, and on shutdown it sends GOAWAY and lets streams in flight finish.
struct PushListener: Service {
    /// How the listener serves HTTP/2.
    enum Transport: Sendable {
        /// TLS with ALPN `h2`, with this certificate.
        case tls(PushIdentity)
        /// HTTP/2 with prior knowledge, without TLS: loopback only.
        case plaintext
    }

    /// Where the listener listens, once it does.
    struct Running: Sendable {
        /// `https://host:port`, or `http://host:port` for plaintext HTTP/2.
        var url: String
        /// The certificate's SHA-256 fingerprint; `nil` for plaintext HTTP/2.
        var fingerprint: String?
    }

    private let server: Server<PushChannel>

    /// A listener on `host` and `port` (0 picks a free one); nothing listens until
    /// ``run()``.
    ///
    /// - Throws: ``DaemonError`` for plaintext HTTP/2 on an address that is not a
    ///   loopback one, a port out of range, or a certificate and key that cannot serve TLS.
    init(
        host: String, port: Int, transport: Transport, limits: PushLimits = PushLimits(),
        connections: ConnectionTable, endpoint: @escaping ProviderResponder, link: DeviceLinkStream? = nil,
        onRunning: @escaping @Sendable (Running) async -> Void = { _ in }
    ) throws {
        guard (0...65_535).contains(port) else {
            throw DaemonError("the push port must be from 0 to 65535, not \(port)")
        }
        let tls: NIOSSLContext?
        let fingerprint: String?
        switch transport {
        case .tls(let identity):
            tls = try identity.serverContext()
            fingerprint = identity.fingerprint
        case .plaintext:
            try Self.requirePlaintextAllowed(on: host)
            (tls, fingerprint) = (nil, nil)
        }
        let scheme = tls == nil ? "http" : "https"
        let channel = PushChannel(
            tls: tls, limits: limits, connections: connections,
            stream: PushStream(endpoint: endpoint, requestTimeout: limits.requestTimeout, link: link))
        server = Server(
            childChannelSetup: channel, configuration: ServerConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                let shown = host.contains(":") ? "[\(host)]" : host
                await onRunning(Running(url: "\(scheme)://\(shown):\(bound)", fingerprint: fingerprint))
            },
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: Logger(label: "herald.push"))
    }

    /// Plaintext HTTP/2 only on a loopback address: a provider token sent without TLS
    /// could otherwise be read on the network.
    ///
    /// - Throws: ``DaemonError`` for any other address.
    static func requirePlaintextAllowed(on host: String) throws {
        guard DaemonConfiguration.isLoopback(host) else {
            throw DaemonError(
                "--push-plaintext serves the provider API without TLS, so provider tokens would cross the network in clear: it works only on a loopback address, not \(host)")
        }
    }

    /// Serves until the service group shuts down, then closes gracefully.
    func run() async throws {
        try await server.run()
    }
}
