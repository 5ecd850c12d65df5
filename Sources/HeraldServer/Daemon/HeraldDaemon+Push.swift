import Foundation
import PushService
import Signals

/// The provider API on `herald serve` (`--push-port`): its listener, and the one
/// place where the daemon chooses what answers it.
extension HeraldDaemon {
    /// What answers the provider API's requests: the one seam between the HTTP/2
    /// listener and the provider logic, the daemon's ``ProviderEndpoint`` on its
    /// keys and device registrations, delivering to its own engine.
    func makeProviderEndpoint() -> ProviderResponder {
        { [provider, deviceEndpoint] request in
            request.path.hasPrefix(DeviceEndpoint.prefix) ? await deviceEndpoint.answer(request) : await provider.answer(request)
        }
    }

    /// What serves the links of devices on other machines on the provider API's listener.
    func makeDeviceLinkStream() -> DeviceLinkStream {
        let scheduler = services.scheduler
        return DeviceLinkStream(endpoint: deviceEndpoint, queues: deviceQueues, links: deviceLinks, now: { scheduler.now })
    }

    /// How the provider API's listener serves HTTP/2, checked and loaded at start:
    /// `nil` when `--push-port` is not given.
    ///
    /// - Throws: ``DaemonError`` for plaintext HTTP/2 on an address that is not a
    ///   loopback one, a certificate without its key (or the other way round), or
    ///   certificate files that cannot be read or made.
    static func makePushTransport(
        _ configuration: DaemonConfiguration, dataDirectory: DataDirectory
    ) throws -> PushListener.Transport? {
        guard let push = configuration.push else { return nil }
        guard (0...65_535).contains(push.port) else {
            throw DaemonError("the push port must be from 0 to 65535, not \(push.port)")
        }
        if push.plaintext {
            try PushListener.requirePlaintextAllowed(on: configuration.host)
            guard push.certificateFile == nil, push.keyFile == nil else {
                throw DaemonError("--push-plaintext serves no certificate: leave out --push-certificate and --push-key")
            }
            return .plaintext
        }
        switch (push.certificateFile, push.keyFile) {
        case (let certificate?, let key?):
            return .tls(try PushIdentity.load(certificate: certificate, key: key))
        case (nil, nil):
            return .tls(try PushIdentity.stored(in: dataDirectory, serving: configuration.host, now: Date()))
        default:
            throw DaemonError("--push-certificate and --push-key go together: give both, or neither for a self-signed certificate")
        }
    }

    /// The provider API's listener, on the daemon's address, when `--push-port` is given.
    func makePushListener(
        onRunning: @escaping @Sendable (PushListener.Running) async -> Void
    ) throws -> PushListener? {
        guard let push = configuration.push, let pushTransport, let pushConnections else { return nil }
        return try PushListener(
            host: configuration.host, port: push.port, transport: pushTransport, limits: push.limits,
            connections: pushConnections, endpoint: makeProviderEndpoint(), link: makeDeviceLinkStream()
        ) { [announcement] running in
            announcement.push(running.url)
            await onRunning(running)
        }
    }
}
