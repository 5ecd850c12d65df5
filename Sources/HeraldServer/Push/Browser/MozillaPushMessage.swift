import Foundation
import PushService

/// What a browser sends on Herald's push socket, in the JSON protocol Firefox's push
/// client speaks to its push service (`dom.push.serverURL`; Mozilla's autopush is the
/// reference server): each text frame one object with a `messageType`, and `{}` a ping.
enum MozillaPushMessage: Equatable {
    /// The first message: the identifier of the browser's subscriptions, if it has some.
    case hello(uaid: String?)
    /// A new subscription, named by the browser (`channelID`, a UUID), for the
    /// application server's VAPID key if `key` is given.
    case register(channelID: String, key: Data?)
    case unregister(channelID: String)
    /// The browser has these messages (by `version`), decrypted or not.
    case ack([String])
    /// The browser could not hand over message `version`.
    case nack(String)
    case ping
    /// Anything else the browser may send (`broadcast_subscribe`): nothing to answer.
    case ignored

    /// The longest frame a browser sends: a `register` with its key is under 300 bytes.
    static let maximumSize = 8_192

    /// Reads one text frame.
    ///
    /// - Throws: ``MozillaPushError`` for a frame that is not such a message, or a
    ///   `channelID` that is not a UUID, or a key that is not a P-256 public key.
    init(text: String) throws {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw MozillaPushError("a push socket's message is a JSON object")
        }
        guard let type = object["messageType"] as? String else {
            guard object.isEmpty else { throw MozillaPushError("a message without messageType") }
            self = .ping
            return
        }
        switch type.lowercased() {
        case "hello":
            self = .hello(uaid: (object["uaid"] as? String).flatMap { $0.isEmpty ? nil : $0 })
        case "register":
            self = .register(channelID: try Self.channelID(object), key: try Self.key(object["key"]))
        case "unregister":
            self = .unregister(channelID: try Self.channelID(object))
        case "ack":
            let updates = object["updates"] as? [[String: Any]] ?? []
            self = .ack(updates.compactMap { $0["version"] as? String })
        case "nack":
            guard let version = object["version"] as? String else { throw MozillaPushError("a nack names its version") }
            self = .nack(version)
        case "ping":
            self = .ping
        default:
            self = .ignored
        }
    }

    /// The `channelID`: a UUID, lowercased as the browser's records keep it.
    private static func channelID(_ object: [String: Any]) throws -> String {
        guard let text = object["channelID"] as? String, let uuid = UUID(uuidString: text) else {
            throw MozillaPushError("a channelID is a UUID")
        }
        return uuid.uuidString.lowercased()
    }

    /// The `key`: the application server's P-256 public key in base64url, padded or not.
    private static func key(_ value: Any?) throws -> Data? {
        guard let text = value as? String else { return nil }
        guard let key = PushResource.applicationServerKey(base64URL: text) else {
            throw MozillaPushError("a register's key is a P-256 public key, uncompressed, in base64url")
        }
        return key
    }
}

/// A push socket message the daemon refuses: the socket is closed with it.
struct MozillaPushError: Error, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
