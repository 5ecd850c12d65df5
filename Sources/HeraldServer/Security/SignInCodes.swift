import Foundation
import Synchronization

/// One-time sign-in codes: what `herald open` puts in the address it opens instead
/// of the admin token, so the token stays out of the browser's history and out of
/// `xdg-open`'s command line.
///
/// A code is good for ``lifetime`` and for one sign-in. The daemon keeps codes by
/// their SHA-256, as it keeps sessions: in memory only, so a restart forgets them,
/// or, when several daemons share a database, in it, so that a code `herald open`
/// got from one node signs in on any. At most ``limit`` wait at once, and a new
/// one beyond that drops the oldest.
final class SignInCodes: Sendable {
    /// How long a code stays good: 60 seconds.
    static let lifetime: TimeInterval = 60
    /// How many codes may wait at once.
    static let limit = 16

    /// A waiting code: the SHA-256 of its text, in hex, and when it stops being good.
    private struct Entry: Sendable {
        var fingerprint: String
        var expiresAt: Date
    }

    /// Oldest first, when kept in memory.
    private let entries = Mutex<[Entry]>([])
    /// The shared database, which keeps the codes instead.
    private let database: DaemonDatabase?

    init(database: DaemonDatabase? = nil) {
        self.database = database
    }

    /// A new code, `hsc_` and 256 random bits in base64url, and when it expires.
    ///
    /// - Throws: ``NotificationError`` when the shared database cannot record it.
    func issue(now: Date) throws -> (code: String, expiresAt: Date) {
        let code = Secrets.makeToken(prefix: "hsc_")
        let entry = Entry(fingerprint: Secrets.fingerprint(code), expiresAt: now + Self.lifetime)
        if let database {
            try database.issueSignInCode(
                fingerprint: entry.fingerprint, expiresAt: entry.expiresAt, now: now, limit: Self.limit)
            return (code, entry.expiresAt)
        }
        entries.withLock { entries in
            entries.removeAll { $0.expiresAt <= now }
            entries.append(entry)
            entries.removeFirst(max(0, entries.count - Self.limit))
        }
        return (code, entry.expiresAt)
    }

    /// Uses `code` up: whether it was waiting and had not expired. In memory every
    /// waiting fingerprint is compared, in constant time, whichever matches; the
    /// shared database looks the fingerprint up (a SHA-256 of 256 random bits,
    /// which timing cannot guess).
    ///
    /// - Throws: ``NotificationError`` when the shared database cannot be reached.
    func redeem(_ code: String, now: Date) throws -> Bool {
        let fingerprint = Secrets.fingerprint(code)
        if let database { return try database.redeemSignInCode(fingerprint: fingerprint, now: now) }
        return entries.withLock { entries in
            entries.removeAll { $0.expiresAt <= now }
            let matches = entries.map { Secrets.constantTimeEqual($0.fingerprint, fingerprint) }
            guard let index = matches.firstIndex(of: true) else { return false }
            entries.remove(at: index)
            return true
        }
    }
}
