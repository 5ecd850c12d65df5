import Crypto
import Foundation
import PushService
import SwiftASN1
import X509
#if canImport(Glibc)
import Glibc
#endif

extension PushIdentity {
    /// How long a certificate made at first start is valid: 10 years. Devices pin it
    /// by its fingerprint, not through a certificate authority, so a short life would
    /// only break them when it ends.
    static let selfSignedValidity: TimeInterval = 10 * 365 * 24 * 60 * 60

    /// The self-signed identity kept as `push-cert.pem` and `push-key.pem` in the data
    /// directory (owner-only): made at first start, the same at every later one.
    ///
    /// A key without its certificate is from a first start that stopped between the
    /// two writes; no device can have pinned a certificate that was never written, so
    /// a new pair is made. A certificate without its key cannot serve, and is an error.
    ///
    /// - Throws: ``DaemonError`` for files that cannot be read or written.
    static func stored(in directory: DataDirectory, serving host: String, now: Date) throws -> PushIdentity {
        let certificate = directory.pushCertificateFile
        let key = directory.pushKeyFile
        let exists = { (file: URL) in FileManager.default.fileExists(atPath: file.path) }
        if exists(certificate) {
            guard exists(key) else {
                throw DaemonError(
                    "\(certificate.path) is there without its key \(key.path): delete it to make a new certificate (devices that pinned the old one must connect again)")
            }
            return try load(certificate: certificate, key: key)
        }
        let made = try makeSelfSigned(names: SubjectNames(host: host), now: now)
        do {
            try DataDirectory.writeAtomically(Data(made.keyPEM.utf8), to: key)
            try DataDirectory.writeAtomically(Data(made.certificatePEM.utf8), to: certificate)
        } catch {
            throw DaemonError("cannot write the push certificate to \(directory.url.path): \(error.localizedDescription)")
        }
        return try load(certificate: certificate, key: key)
    }

    /// A new P-256 key and a certificate it signs for `names`: valid from an hour
    /// before `now` (for clocks a little behind) for ``selfSignedValidity``, for
    /// server authentication only, not a certificate authority.
    static func makeSelfSigned(names: SubjectNames, now: Date) throws -> (certificatePEM: String, keyPEM: String) {
        let key = P256.Signing.PrivateKey()
        do {
            let subject = try DistinguishedName {
                CommonName(names.commonName)
                OrganizationName("Herald push service")
            }
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.generalNames)
            }
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
                notValidBefore: now - 60 * 60, notValidAfter: now + selfSignedValidity, issuer: subject,
                subject: subject, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
                issuerPrivateKey: Certificate.PrivateKey(key))
            return (try certificate.serializeAsPEM().pemString + "\n", key.pemRepresentation + "\n")
        } catch {
            throw DaemonError("cannot make the push certificate: \(error)")
        }
    }

    /// The names a certificate made at first start is for: this machine's host name,
    /// `localhost`, the loopback addresses, and the address the daemon listens on when
    /// it is a name or a single address (not a wildcard such as `0.0.0.0`).
    struct SubjectNames: Equatable {
        var dnsNames: [String]
        /// Each 4 or 16 bytes.
        var addresses: [[UInt8]]

        init(host: String, hostName: String = SubjectNames.hostName()) {
            var dnsNames = [hostName, "localhost"].filter { !$0.isEmpty }
            var addresses: [[UInt8]] = [[127, 0, 0, 1], Array(repeating: 0, count: 15) + [1]]
            if let address = HostAddress.bytes(host) {
                if !address.allSatisfy({ $0 == 0 }) { addresses.append(address) }
            } else if !host.isEmpty {
                dnsNames.append(host.lowercased())
            }
            self.dnsNames = dnsNames.reduce(into: []) { names, name in if !names.contains(name) { names.append(name) } }
            self.addresses = addresses.reduce(into: []) { all, address in if !all.contains(address) { all.append(address) } }
        }

        var commonName: String { dnsNames.first ?? "localhost" }

        var generalNames: [GeneralName] {
            dnsNames.map { .dnsName($0) } + addresses.map { .ipAddress(ASN1OctetString(contentBytes: $0[...])) }
        }

        /// This machine's host name, as `hostname` prints it.
        static func hostName() -> String {
            var buffer = [CChar](repeating: 0, count: 256)
            guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
        }
    }
}
