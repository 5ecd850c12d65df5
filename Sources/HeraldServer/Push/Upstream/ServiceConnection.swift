import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL
import PushService
import Synchronization

/// A device's HTTP/2 connection to its push service: TLS offering `h2`, the service's
/// certificate accepted only when its SHA-256 fingerprint is the one pinned at
/// `herald push connect` (no certificate authority is asked), or h2c with prior
/// knowledge to a loopback service (tests, one machine).
struct ServiceConnection: Sendable {
    typealias Stream = NIOAsyncChannel<HTTP2Frame.FramePayload, HTTP2Frame.FramePayload>

    /// A refusal to connect: a bad address, a certificate that is not the pinned one,
    /// a service that does not answer.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let channel: any Channel
    private let streams: NIOHTTP2Handler.AsyncStreamMultiplexer<Void>
    let authority: String
    /// The fingerprint of a certificate the service showed that was not the pinned one.
    private let refused: Refused

    final class Refused: Sendable {
        let fingerprint = Mutex<String?>(nil)
    }

    /// Connects to the service at `url` (`https://host:port`, or `http://` on loopback),
    /// pinning `fingerprint` (`AB:CD:…`) for TLS.
    static func connect(to url: String, fingerprint: String?) async throws -> ServiceConnection {
        guard let parsed = URLComponents(string: url), let host = parsed.host, let scheme = parsed.scheme,
            scheme == "https" || scheme == "http"
        else { throw Failure(description: "\(url) is not an https:// address of a push service") }
        let port = parsed.port ?? (scheme == "https" ? 443 : 80)
        let tls: NIOSSLContext?
        if scheme == "https" {
            guard let fingerprint else { throw Failure(description: "connecting over TLS needs the service's fingerprint") }
            tls = try pinnedContext(fingerprint)
        } else {
            guard DaemonConfiguration.isLoopback(host) else {
                throw Failure(description: "a push service without TLS is only reached on a loopback address")
            }
            tls = nil
        }
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .channelOption(ChannelOptions.socketOption(.so_keepalive), value: 1)
        let refused = Refused()
        let (channel, streams) = try await bootstrap.connect(host: host, port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                let pipeline = channel.pipeline.syncOperations
                if let tls {
                    let verify = pinning(fingerprint ?? "", refused: refused)
                    try pipeline.addHandler(
                        NIOSSLClientHandler(
                            context: tls, serverHostname: Self.isAddress(host) ? nil : host,
                            customVerificationCallback: verify))
                }
                let streams = try pipeline.configureAsyncHTTP2Pipeline(mode: .client) { stream in
                    stream.eventLoop.makeSucceededVoidFuture()
                }
                return (channel, streams)
            }
        }
        return ServiceConnection(channel: channel, streams: streams, authority: "\(host):\(port)", refused: refused)
    }

    typealias Inbound = NIOAsyncChannelInboundStream<HTTP2Frame.FramePayload>
    typealias Outbound = NIOAsyncChannelOutboundWriter<HTTP2Frame.FramePayload>

    /// Opens a stream, sends its request head and hands both directions to `body`;
    /// the stream is closed when `body` returns.
    func exchange<T: Sendable>(
        path: String, credential: DeviceCredential?, endStream: Bool = false,
        _ body: (Inbound, Outbound) async throws -> T
    ) async throws -> T {
        let stream = try await streams.openStream { channel in
            channel.eventLoop.makeCompletedFuture { try Stream(wrappingChannelSynchronously: channel) }
        }
        var head: HPACKHeaders = [":method": "POST", ":scheme": "https", ":authority": authority, ":path": path]
        if let credential { head.add(name: "authorization", value: "bearer \(credential)") }
        head.add(name: "content-type", value: "application/json")
        return try await stream.executeThenClose { inbound, outbound in
            try await outbound.write(.headers(.init(headers: head, endStream: endStream)))
            return try await body(inbound, outbound)
        }
    }

    /// A request with a JSON body, and the service's answer: its status and body (at
    /// most 64 KiB).
    func request(path: String, body: Data, credential: DeviceCredential?) async throws -> (status: Int, body: Data) {
        do {
            let answer = try await send(path: path, body: body, credential: credential)
            guard answer.status != 0 else { throw Failure(description: "the service ended the request without an answer") }
            return answer
        } catch {
            throw pinningFailure ?? error
        }
    }

    /// Why the connection failed if the service's certificate was not the pinned one.
    var pinningFailure: Failure? {
        refused.fingerprint.withLock { $0 }.map {
            Failure(description: "the service's certificate has the fingerprint \($0), not the one given: it is another server, or its certificate changed")
        }
    }

    private func send(path: String, body: Data, credential: DeviceCredential?) async throws -> (status: Int, body: Data) {
        try await exchange(path: path, credential: credential) { inbound, outbound in
            try await outbound.write(.data(.init(data: .byteBuffer(ByteBuffer(bytes: body)), endStream: true)))
            var status = 0
            var answer = Data()
            for try await frame in inbound {
                switch frame {
                case .headers(let headers):
                    if let value = headers.headers.first(name: ":status"), let code = Int(value) { status = code }
                    if headers.endStream { return (status, answer) }
                case .data(let data):
                    if case .byteBuffer(let bytes) = data.data { answer.append(contentsOf: bytes.readableBytesView) }
                    guard answer.count <= 65_536 else { throw Failure(description: "the service's answer is too large") }
                    if data.endStream { return (status, answer) }
                default: continue
                }
            }
            return (status, answer)
        }
    }

    func close() {
        channel.close(promise: nil)
    }

    /// A client context offering `h2`; the peer's certificate is checked by ``pinning(_:)``.
    private static func pinnedContext(_ fingerprint: String) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.applicationProtocols = ["h2"]
        configuration.minimumTLSVersion = .tlsv12
        // Verification stays on, so the callback below decides: no authority, no name,
        // only the pinned fingerprint.
        configuration.certificateVerification = .noHostnameVerification
        return try NIOSSLContext(configuration: configuration)
    }

    /// Accepts the peer only when its leaf certificate's SHA-256 is `fingerprint`.
    private static func pinning(_ fingerprint: String, refused: Refused) -> NIOSSLCustomVerificationCallback {
        let pinned = fingerprint.uppercased()
        return { certificates, promise in
            let shown = certificates.first.flatMap { try? $0.toDERBytes() }.map { PushIdentity.fingerprint(ofDER: $0) }
            if shown != pinned { refused.fingerprint.withLock { $0 = shown ?? "(none)" } }
            promise.succeed(shown == pinned ? .certificateVerified : .failed)
        }
    }

    private static func isAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}
