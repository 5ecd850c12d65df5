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
            deviceToken = Hexadecimal.text(of: bytes)
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
            guard deviceToken.utf8.count == 64, let bytes = Hexadecimal.bytes(of: deviceToken) else {
                throw NotificationError(.invalidPayload, "a device token is 64 hexadecimal digits, not “\(deviceToken.prefix(80))”")
            }
            return bytes
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
