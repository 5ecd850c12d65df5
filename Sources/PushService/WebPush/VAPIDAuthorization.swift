import Crypto
public import Foundation

/// A `vapid` authorization (RFC 8292 §3) as a push service reads it from a
/// message's `Authorization` header: the application server's public key (`k`) and
/// a JSON Web Token it signed (`t`) naming the push service's origin (`aud`), when
/// it ends (`exp`) and whom to contact (`sub`).
public struct VAPIDAuthorization: Sendable, Equatable {
    /// The application server's public key, an uncompressed point (65 bytes).
    public var publicKey: Data
    /// The origin the token is for.
    public var audience: String
    /// When the token ends.
    public var expiresAt: Date
    /// The contact the token names, if any.
    public var subject: String?

    /// The longest token read.
    static let maximumLength = 4096
    /// How far ahead a token may end (RFC 8292 §2).
    public static let maximumLifetime: TimeInterval = 24 * 60 * 60

    struct Claims: Codable {
        var aud: String
        var exp: Int64
        var sub: String?
    }

    private struct Header: Decodable {
        var alg: String
    }

    /// Reads the value of an `Authorization` header and checks the token's
    /// signature with its key.
    ///
    /// - Throws: ``WebPushError`` `invalidVAPID` for a header that is not `vapid`
    ///   with `t` and `k`, a key that is not a P-256 point, a token that is not ES256
    ///   with `aud` and `exp`, or a signature its key did not make.
    public init(header value: String) throws {
        let (token, key) = try Self.parameters(of: value)
        guard let publicKey = Data(base64URL: key), publicKey.count == 65,
            let verifyingKey = try? P256.Signing.PublicKey(x963Representation: publicKey)
        else {
            throw WebPushError(.invalidVAPID, "the VAPID key (k) is not an uncompressed P-256 public key")
        }
        let segments = token.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3, let header = Data(base64URL: segments[0]), let claims = Data(base64URL: segments[1]),
            let signature = Data(base64URL: segments[2])
        else {
            throw WebPushError(.invalidVAPID, "the VAPID token (t) is not three base64url parts")
        }
        guard (try? JSONDecoder().decode(Header.self, from: header))?.alg == "ES256" else {
            throw WebPushError(.invalidVAPID, "the VAPID token is not signed with ES256")
        }
        guard let body = try? JSONDecoder().decode(Claims.self, from: claims) else {
            throw WebPushError(.invalidVAPID, "the VAPID token has no audience (aud) or expiry (exp)")
        }
        let signedPart = Data(token.utf8.prefix(segments[0].utf8.count + 1 + segments[1].utf8.count))
        guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
            verifyingKey.isValidSignature(ecdsa, for: signedPart)
        else {
            throw WebPushError(.invalidVAPID, "the VAPID token is not signed by its key")
        }
        self.publicKey = publicKey
        audience = body.aud
        expiresAt = Date(timeIntervalSince1970: TimeInterval(body.exp))
        subject = body.sub
    }

    /// The token and key of `vapid t=…, k=…`, in either order.
    private static func parameters(of value: String) throws -> (token: Substring, key: Substring) {
        guard value.utf8.count <= maximumLength else {
            throw WebPushError(.invalidVAPID, "the authorization is longer than \(maximumLength) bytes")
        }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "vapid" else {
            throw WebPushError(.invalidVAPID, "the authorization is not vapid (RFC 8292)")
        }
        var token: Substring?
        var key: Substring?
        for parameter in parts[1].split(separator: ",") {
            let pair = parameter.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            switch pair[0].lowercased() {
            case "t": token = pair[1]
            case "k": key = pair[1]
            default: continue
            }
        }
        guard let token, let key else {
            throw WebPushError(.invalidVAPID, "the vapid authorization needs a token (t) and a key (k)")
        }
        return (token, key)
    }

    /// Checks that the token is for `audience`, has not ended at `now` and ends within
    /// 24 hours of it, and, when the subscription named a key, is that key's.
    ///
    /// - Throws: ``WebPushError`` `invalidVAPID` naming the first rule broken.
    public func check(audience expected: String, now: Date, subscriptionKey: Data?) throws {
        if let subscriptionKey, subscriptionKey != publicKey {
            throw WebPushError(.invalidVAPID, "the VAPID key is not the one the subscription was made with")
        }
        guard audience == expected else {
            throw WebPushError(.invalidVAPID, "the VAPID token is for \(audience), not \(expected)")
        }
        guard expiresAt > now else {
            throw WebPushError(.invalidVAPID, "the VAPID token expired at \(expiresAt)")
        }
        guard expiresAt.timeIntervalSince(now) <= Self.maximumLifetime else {
            throw WebPushError(.invalidVAPID, "the VAPID token ends more than 24 hours from now")
        }
    }

    /// The origin of `url` as a token's `aud` names it: scheme, host and a port
    /// other than the scheme's own (`https://push.example.net`).
    public static func audience(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        guard let port = url.port, port != defaultPort else { return "\(scheme)://\(host)" }
        return "\(scheme)://\(host):\(port)"
    }
}
