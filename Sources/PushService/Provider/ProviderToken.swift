import Crypto
public import Foundation

/// A provider authentication token as APNs takes it: a JSON Web Token signed
/// with ES256 by a key of the team, `{"alg": "ES256", "kid": key}` over
/// `{"iss": team, "iat": seconds}`, sent as `authorization: bearer <token>`.
public struct ProviderToken: Sendable, Equatable {
    /// The signing key's identifier (`kid`).
    public var keyIdentifier: String
    /// The team that issued it (`iss`).
    public var team: String
    /// When it was issued (`iat`, whole seconds).
    public var issuedAt: Date
    /// The token as sent: what a new token is told apart by.
    public var text: String
    /// The signed part, `header.claims`, and its signature.
    let signedPart: Data
    let signature: Data

    /// The longest token read; Apple's are about 200 bytes.
    static let maximumLength = 4096

    /// Parses the value of an `authorization` header.
    ///
    /// - Throws: ``APNsRefusal`` `MissingProviderToken` without a bearer token,
    ///   `InvalidProviderToken` for one that is not an ES256 token with a key,
    ///   a team and an issue time.
    public init(authorization: String?) throws {
        guard let authorization, !authorization.isEmpty else {
            throw APNsRefusal(.missingProviderToken, "no authorization header")
        }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APNsRefusal(.missingProviderToken, "the authorization header is not a bearer token")
        }
        try self.init(text: String(parts[1]))
    }

    /// Parses a token.
    init(text: String) throws {
        guard text.utf8.count <= Self.maximumLength else {
            throw APNsRefusal(.invalidProviderToken, "the token is longer than \(Self.maximumLength) bytes")
        }
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3,
            let header = Data(base64URL: segments[0]), let claims = Data(base64URL: segments[1]),
            let signature = Data(base64URL: segments[2])
        else {
            throw APNsRefusal(.invalidProviderToken, "the token is not three base64url parts")
        }
        guard let fields = try? JSONDecoder().decode(Header.self, from: header), fields.alg == "ES256",
            !fields.kid.isEmpty
        else {
            throw APNsRefusal(.invalidProviderToken, "the token's header is not ES256 with a key identifier")
        }
        guard let body = try? JSONDecoder().decode(Claims.self, from: claims), !body.iss.isEmpty,
            body.iat.isFinite, body.iat >= 0, body.iat < 1e11
        else {
            throw APNsRefusal(.invalidProviderToken, "the token's claims have no team or issue time")
        }
        keyIdentifier = fields.kid
        team = body.iss
        issuedAt = Date(timeIntervalSince1970: body.iat.rounded(.down))
        self.text = text
        signedPart = Data(text.utf8.prefix(segments[0].utf8.count + 1 + segments[1].utf8.count))
        self.signature = signature
    }

    /// Whether `key` signed the token (ECDSA P-256 with SHA-256, the signature
    /// as JWS writes it: r and s, 32 bytes each).
    func isSigned(by key: P256.Signing.PublicKey) -> Bool {
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return key.isValidSignature(signature, for: signedPart)
    }

    private struct Header: Decodable {
        var alg: String
        var kid: String
    }

    private struct Claims: Decodable {
        var iss: String
        var iat: Double
    }
}
