import Crypto
import Synchronization

/// The admin tokens the daemon accepts, kept by their SHA-256 only: its own (the
/// data directory's `admin-token`) and, when several daemons share a PostgreSQL
/// database, every node's (`daemon_admin_tokens`), so the admin token on any node's
/// machine works on every node. ``reload(_:)`` takes the fingerprints another node
/// added.
final class AdminCredentials: Sendable {
    /// The fingerprints, SHA-256 in lowercase hex.
    private let fingerprints: Mutex<[[UInt8]]>

    /// The tokens whose fingerprints (``Secrets/fingerprint(_:)``) are `fingerprints`.
    init(fingerprints: [String]) {
        self.fingerprints = Mutex(fingerprints.map { Array($0.utf8) })
    }

    /// Replaces the fingerprints with those the shared database holds now.
    func reload(_ fingerprints: [String]) {
        self.fingerprints.withLock { $0 = fingerprints.map { Array($0.utf8) } }
    }

    /// Whether the token with this SHA-256 is an admin token: compared in constant
    /// time with every fingerprint, whichever matches.
    func admits(digest: SHA256.Digest) -> Bool {
        let candidate = Array(Secrets.fingerprint(of: digest).utf8)
        return fingerprints.withLock { known in
            known.reduce(false) { found, fingerprint in Secrets.constantTimeEqual(fingerprint, candidate) || found }
        }
    }

    /// Whether `token` is an admin token.
    func admits(_ token: String) -> Bool {
        admits(digest: Secrets.digest(token))
    }
}
