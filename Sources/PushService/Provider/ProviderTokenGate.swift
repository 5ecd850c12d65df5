public import Crypto
public import Foundation

/// Apple's rules for provider tokens, as a value: which keys are registered and
/// to which team, and when each key last brought a new token. Pure: the clock
/// comes in with each check.
///
/// - A token signed by a key not registered, for another team than the key's,
///   or with a bad signature is `InvalidProviderToken` (403); one issued more
///   than ``lifetime`` ago is `ExpiredProviderToken` (403); one issued more than
///   ``skew`` ahead of now is `InvalidProviderToken`, since it would never expire.
/// - A key may bring a new token at most once per ``updateInterval``: a different
///   token sooner is `TooManyProviderTokenUpdates` (429); the same token again
///   is fine until it expires.
public struct ProviderTokenGate: Sendable {
    /// How long a token is accepted after it was issued.
    public static let lifetime: TimeInterval = 3600
    /// How soon a key may bring a new token after the last.
    public static let updateInterval: TimeInterval = 20 * 60
    /// How far ahead of this clock a token may say it was issued.
    public static let skew: TimeInterval = 300

    /// A registered signing key.
    public struct Key: Sendable, Equatable {
        public var team: String
        /// The public key, as its raw representation (x and y).
        var publicKeyBytes: Data

        public init(team: String, publicKey: P256.Signing.PublicKey) {
            self.team = team
            publicKeyBytes = publicKey.rawRepresentation
        }

        /// A key from its public key's raw representation (x and y), as kept.
        public init(team: String, publicKeyBytes: Data) {
            self.team = team
            self.publicKeyBytes = publicKeyBytes
        }

        /// The key of a `.p8` file, as Apple hands it out (PKCS#8 PEM).
        ///
        /// - Throws: ``APNsRefusal`` `InvalidProviderToken` for anything but a P-256 private key.
        public init(team: String, p8: String) throws {
            guard let key = try? P256.Signing.PrivateKey(pemRepresentation: p8) else {
                throw APNsRefusal(.invalidProviderToken, "the .p8 file is not a P-256 private key in PEM")
            }
            self.init(team: team, publicKey: key.publicKey)
        }

        var publicKey: P256.Signing.PublicKey? {
            try? P256.Signing.PublicKey(rawRepresentation: publicKeyBytes)
        }
    }

    private var keys: [String: Key] = [:]
    /// Each key's current token and when it was first accepted.
    private var current: [String: (text: String, since: Date)] = [:]

    public init() {}

    /// Registers (or replaces) the key with this identifier.
    public mutating func register(_ key: Key, identifier: String) {
        keys[identifier] = key
        current[identifier] = nil
    }

    /// Makes the key with this identifier `key` (`nil` removes it), keeping the
    /// key's current token when the key is unchanged: the directory's keys may
    /// change between pushes, and the rate rule must hold across them.
    public mutating func update(_ identifier: String, to key: Key?) {
        guard keys[identifier] != key else { return }
        keys[identifier] = key
        current[identifier] = nil
    }

    /// Checks `token` at `now`; on success it is the key's current token and
    /// the team it speaks for is returned.
    ///
    /// - Throws: ``APNsRefusal`` as the rules above say; nothing changes then.
    public mutating func accept(_ token: ProviderToken, now: Date) throws -> String {
        guard let key = keys[token.keyIdentifier] else {
            throw APNsRefusal(.invalidProviderToken, "no key \(token.keyIdentifier) is registered")
        }
        guard key.team == token.team else {
            throw APNsRefusal(.invalidProviderToken, "key \(token.keyIdentifier) is not team \(token.team)'s")
        }
        // The key's current token was verified against this key when it was accepted
        // (a key that changes loses its current token): its signature is not checked again.
        let verified = current[token.keyIdentifier]?.text == token.text
        guard verified || (key.publicKey.map { token.isSigned(by: $0) } ?? false) else {
            throw APNsRefusal(.invalidProviderToken, "the token's signature is not key \(token.keyIdentifier)'s")
        }
        guard token.issuedAt <= now.addingTimeInterval(Self.skew) else {
            throw APNsRefusal(.invalidProviderToken, "the token was issued in the future")
        }
        guard now.timeIntervalSince(token.issuedAt) <= Self.lifetime else {
            throw APNsRefusal(.expiredProviderToken, "the token was issued more than an hour ago")
        }
        if current[token.keyIdentifier]?.text != token.text {
            if let last = current[token.keyIdentifier], now.timeIntervalSince(last.since) < Self.updateInterval {
                throw APNsRefusal(
                    .tooManyProviderTokenUpdates, "key \(token.keyIdentifier) brought a new token within 20 minutes")
            }
            current[token.keyIdentifier] = (token.text, now)
        }
        return key.team
    }
}
