import Foundation
import PushService

/// What Herald's push socket sends a browser, in Firefox's push protocol: answers
/// to its messages, and the messages kept for it.
enum MozillaPushReply {
    /// The answer to `hello`: the identifier the browser's subscriptions go by from now
    /// on (a new one when the browser's is unknown, which makes it drop its old ones).
    static func hello(uaid: String) -> String {
        text(["messageType": "hello", "uaid": uaid, "status": 200, "use_webpush": true, "broadcasts": [String: String]()])
    }

    /// The answer to `register`: the push resource's URL, or a refusal's status.
    static func register(channelID: String, endpoint: String?, status: Int) -> String {
        var object: [String: Any] = ["messageType": "register", "channelID": channelID, "status": status]
        if let endpoint { object["pushEndpoint"] = endpoint }
        return text(object)
    }

    static func unregister(channelID: String, status: Int) -> String {
        text(["messageType": "unregister", "channelID": channelID, "status": status])
    }

    /// The answer to a ping.
    static let pong = "{}"

    /// A message kept for the browser: its body in base64url, with the headers it
    /// needs to decrypt it; without either for a message without a body.
    static func notification(_ message: PushResourceMessage) -> String {
        var object: [String: Any] = ["messageType": "notification", "channelID": message.channel, "version": message.id]
        if let encoding = message.encoding {
            object["data"] = message.body.base64URLEncoded
            var headers = ["encoding": encoding.name]
            if let encryption = encoding.encryption { headers["encryption"] = encryption }
            if let cryptoKey = encoding.cryptoKey { headers["crypto_key"] = cryptoKey }
            object["headers"] = headers
        }
        return text(object)
    }

    private static func text(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
