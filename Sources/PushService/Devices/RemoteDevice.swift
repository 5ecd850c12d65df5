public import Foundation
import Crypto
import NotificationModel

/// A device on another machine enrolled with the push service: a Herald daemon that
/// holds a link to it. It proves itself with a credential only it has; the service
/// keeps the credential's SHA-256, never the credential.
public struct RemoteDevice: Hashable, Sendable, Codable {
    /// The device's public identifier: what its registrations name (32 hexadecimal digits).
    public var identifier: String
    /// What the person enrolling called it (`laptop`).
    public var name: String
    /// The SHA-256 of its credential's secret, in hexadecimal.
    public var secretDigest: String
    public var enrolledAt: Date

    /// A new device called `name`, and the credential it is given once.
    public static func enroll(name: String, now: Date) -> (RemoteDevice, DeviceCredential) {
        let credential = DeviceCredential(device: Hexadecimal.text(of: Random.bytes(16)), secret: Hexadecimal.text(of: Random.bytes(32)))
        let device = RemoteDevice(
            identifier: credential.device, name: name, secretDigest: DeviceCredential.digest(of: credential.secret),
            enrolledAt: now)
        return (device, credential)
    }

    /// Whether `credential` is this device's.
    public func accepts(_ credential: DeviceCredential) -> Bool {
        credential.device == identifier && DeviceCredential.digest(of: credential.secret) == secretDigest
    }
}

/// What a device shows the push service to be let in: `hdc_<device>_<secret>`, sent
/// as `authorization: bearer …` on each request and on its link.
public struct DeviceCredential: Hashable, Sendable, CustomStringConvertible {
    public var device: String
    public var secret: String

    public init(device: String, secret: String) {
        (self.device, self.secret) = (device, secret)
    }

    /// The credential written as `hdc_<device>_<secret>`; `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "hdc", parts[1].utf8.count == 32, parts[2].utf8.count == 64,
            Hexadecimal.bytes(of: parts[1]) != nil, Hexadecimal.bytes(of: parts[2]) != nil
        else { return nil }
        (device, secret) = (String(parts[1]).lowercased(), String(parts[2]).lowercased())
    }

    public var description: String { "hdc_\(device)_\(secret)" }

    static func digest(of secret: String) -> String {
        Hexadecimal.text(of: Data(SHA256.hash(data: Data(secret.utf8))))
    }
}

/// A one-time code a push service's administrator gives to the person enrolling a
/// device: used once, within ``lifetime``. The service keeps its SHA-256.
public struct DeviceInvite: Hashable, Sendable, Codable {
    /// The SHA-256 of the code, in hexadecimal.
    public var codeDigest: String
    /// The name the device gets.
    public var name: String
    public var expiresAt: Date

    /// How long a code may be used: an hour.
    public static let lifetime: TimeInterval = 3600

    /// A new invite for a device called `name`, and its code (`hpi_` and 32
    /// hexadecimal digits), shown once.
    public static func make(name: String, now: Date) -> (DeviceInvite, String) {
        let code = "hpi_" + Hexadecimal.text(of: Random.bytes(16))
        return (DeviceInvite(codeDigest: digest(of: code), name: name, expiresAt: now.addingTimeInterval(lifetime)), code)
    }

    static func digest(of code: String) -> String {
        Hexadecimal.text(of: Data(SHA256.hash(data: Data(code.utf8))))
    }
}

/// Bytes from the system's generator.
enum Random {
    /// `count` bytes, eight from each of the generator's words (one `getrandom` call
    /// each), not one word per byte.
    static func bytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        var bytes = Data(capacity: count + 7)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return bytes.prefix(count)
    }
}
