public import Foundation
import NotificationModel

extension API {
    /// The answer to `POST /v1/push/registration`: the app's device token, as
    /// 64 lowercase hexadecimal digits (32 bytes), the form servers send pushes to.
    ///
    /// ```json
    /// {"deviceToken": "6c1f0a…e93b"}
    /// ```
    public struct DeviceToken: Codable, Sendable, Hashable {
        /// 64 lowercase hexadecimal digits.
        public var deviceToken: String

        /// The token of these bytes, in lowercase hexadecimal.
        public init(_ bytes: Data) {
            deviceToken = bytes.map { String(format: "%02x", $0) }.joined()
        }

        /// A token as its hexadecimal digits, checked by ``bytes()``.
        public init(hex deviceToken: String) {
            self.deviceToken = deviceToken
        }

        /// The token's 32 bytes.
        ///
        /// - Throws: ``NotificationModel/NotificationError/Code/invalidPayload``
        ///   unless ``deviceToken`` is 64 hexadecimal digits.
        public func bytes() throws -> Data {
            let digits = Array(deviceToken.utf8)
            guard digits.count == 64, let bytes = Self.decode(digits) else {
                throw NotificationError(.invalidPayload, "a device token is 64 hexadecimal digits, not “\(deviceToken.prefix(80))”")
            }
            return bytes
        }

        private static func decode(_ digits: [UInt8]) -> Data? {
            var bytes = Data(capacity: digits.count / 2)
            for index in stride(from: 0, to: digits.count, by: 2) {
                guard let high = value(of: digits[index]), let low = value(of: digits[index + 1]) else { return nil }
                bytes.append(high << 4 | low)
            }
            return bytes
        }

        private static func value(of digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }

    /// The answer to `GET /v1/push/registration`: whether the app holds a device token.
    public struct PushRegistration: Codable, Sendable, Hashable {
        /// Whether the app is registered for remote notifications.
        public var registered: Bool

        /// An answer.
        public init(registered: Bool) {
            self.registered = registered
        }
    }
}
