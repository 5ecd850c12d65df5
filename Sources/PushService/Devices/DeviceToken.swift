public import Foundation
import NotificationModel

/// An app's address on one device: 32 random bytes, made by the push service when
/// the app registers, written as 64 hexadecimal digits in the provider API's path.
/// Unguessable (256 bits from the system's generator), and bound to one app on one
/// device by its ``DeviceRegistration``.
public struct DeviceToken: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The token's bytes, as the app's `didRegisterForRemoteNotificationsWithDeviceToken` gets them.
    public let bytes: Data

    /// The number of bytes in a token, as APNs's.
    public static let byteCount = 32

    /// A new random token.
    public init() {
        bytes = Random.bytes(Self.byteCount)
    }

    /// The token these bytes make; `nil` unless there are exactly 32.
    public init?(bytes: Data) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// The token written as 64 hexadecimal digits, in either case; `nil` for anything else.
    public init?(hex: some StringProtocol) {
        guard hex.utf8.count == Self.byteCount * 2, let bytes = Hexadecimal.bytes(of: hex) else { return nil }
        self.bytes = bytes
    }

    /// The 64 lower-case hexadecimal digits.
    public var description: String {
        Hexadecimal.text(of: bytes)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let token = DeviceToken(hex: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a device token is 64 hexadecimal digits"))
        }
        self = token
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
