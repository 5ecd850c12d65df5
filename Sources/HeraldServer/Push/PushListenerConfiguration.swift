public import Foundation
import PushService

/// How `herald serve` runs the provider API's listener (`--push-port`): HTTP/2 over
/// TLS, or plaintext HTTP/2 (h2c) on a loopback address for tests and local use.
public struct PushListenerConfiguration: Sendable {
    /// The port; 0 picks a free one (written to `daemon.json` as `pushURL`).
    public var port: Int
    /// Plaintext HTTP/2 with prior knowledge (`--push-plaintext`), which only a loopback
    /// address may serve: a provider's credential would cross the network in clear.
    public var plaintext: Bool
    /// The PEM certificate chain to serve (`--push-certificate`), leaf first; `nil` for
    /// the self-signed one kept as `push-cert.pem` in the data directory.
    public var certificateFile: URL?
    /// The PEM private key of ``certificateFile`` (`--push-key`).
    public var keyFile: URL?
    /// What one client may ask of the listener.
    public var limits = PushLimits()
    /// How many connections the listener keeps open at once, from one address and in all:
    /// 4,096 and 16,384, counted apart from the HTTP API's (``DaemonConfiguration/connectionLimits``).
    /// Each device on another machine keeps one connection for its link, and many may share
    /// one address (behind NAT); one address still cannot take more than a quarter of them.
    /// A link is busy, never closed to make room; a connection without a stream is.
    /// Lowered at start to fit the descriptors left after the HTTP API's connections.
    public var connectionLimits = Self.defaultConnectionLimits
    /// 4,096 from one address, 16,384 in all.
    public static let defaultConnectionLimits = ConnectionLimits(perPeer: 4_096, total: 16_384)
    /// How many pushes one device token takes at once, and then per second
    /// (``PushRateLimit``, APNs' `TooManyRequests`): 1,000 and 100, as APNs. `herald
    /// serve` has no option for them; the push benchmark (`Benchmarks/`, P1) raises
    /// them to measure the service rather than the limit.
    public var tokenBurst = PushRateLimit().burst
    public var tokenPushesPerSecond = PushRateLimit().perSecond

    /// A listener on `port`, over TLS unless `plaintext`.
    public init(port: Int, plaintext: Bool = false, certificateFile: URL? = nil, keyFile: URL? = nil) {
        self.port = port
        self.plaintext = plaintext
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}
