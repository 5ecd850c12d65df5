import Crypto
import Foundation
import NIOSSL

/// The certificate the provider API serves over TLS, its private key, and the
/// SHA-256 fingerprint of the certificate: what a device pins when it connects, and
/// what `herald serve` prints.
struct PushIdentity: Sendable {
    /// The chain, leaf first.
    let certificateChain: [NIOSSLCertificate]
    let privateKey: NIOSSLPrivateKey
    /// The leaf's SHA-256, as `openssl x509 -fingerprint -sha256` shows it.
    let fingerprint: String

    /// The identity in two PEM files: a certificate chain (leaf first) and its key.
    ///
    /// - Throws: ``DaemonError`` naming the file that cannot be read or holds no
    ///   certificate or key.
    static func load(certificate: URL, key: URL) throws -> PushIdentity {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificate.path)
        } catch {
            throw DaemonError("cannot read the push certificate \(certificate.path): \(error)")
        }
        guard let leaf = chain.first else {
            throw DaemonError("the push certificate \(certificate.path) holds no PEM certificate")
        }
        let privateKey: NIOSSLPrivateKey
        do {
            privateKey = try NIOSSLPrivateKey(file: key.path, format: .pem)
        } catch {
            throw DaemonError("cannot read the push key \(key.path): \(error)")
        }
        return PushIdentity(
            certificateChain: chain, privateKey: privateKey, fingerprint: fingerprint(ofDER: try leaf.toDERBytes()))
    }

    /// SHA-256 of `der`, in upper-case hex pairs separated by colons
    /// (`AB:CD:…`), as `openssl x509 -noout -fingerprint -sha256` prints it.
    static func fingerprint(ofDER der: [UInt8]) -> String {
        SHA256.hash(data: der).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + digits : digits
        }.joined(separator: ":")
    }

    /// TLS 1.2 or later offering only HTTP/2 (ALPN `h2`), as APNs does. A client that
    /// offers only HTTP/1.1 finishes the handshake without a protocol and is then
    /// closed: its first bytes are not HTTP/2's preface.
    ///
    /// - Throws: ``DaemonError`` when the key does not match the certificate.
    func serverContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: certificateChain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
        configuration.minimumTLSVersion = .tlsv12
        configuration.applicationProtocols = ["h2"]
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw DaemonError("the push certificate and key cannot serve TLS (does the key match the certificate?): \(error)")
        }
    }
}
