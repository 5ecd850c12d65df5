import Foundation
import Synchronization

/// One-time sign-in codes: what `herald open` puts in the address it opens instead
/// of the admin token, so the token stays out of the browser's history and out of
/// `xdg-open`'s command line.
///
/// A code is good for ``lifetime`` and for one sign-in. The daemon keeps codes in
/// memory only, by their SHA-256 as it keeps sessions, so a restart forgets them;
/// at most ``limit`` wait at once, and a new one beyond that drops the oldest.
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

    /// Oldest first.
    private let entries = Mutex<[Entry]>([])

    init() {}

    /// A new code, `hsc_` and 256 random bits in base64url, and when it expires.
    func issue(now: Date) -> (code: String, expiresAt: Date) {
        let code = Secrets.makeToken(prefix: "hsc_")
        let entry = Entry(fingerprint: Secrets.fingerprint(code), expiresAt: now + Self.lifetime)
        entries.withLock { entries in
            entries.removeAll { $0.expiresAt <= now }
            entries.append(entry)
            entries.removeFirst(max(0, entries.count - Self.limit))
        }
        return (code, entry.expiresAt)
    }

    /// Uses `code` up: whether it was waiting and had not expired. Every waiting
    /// fingerprint is compared, in constant time, whichever matches.
    func redeem(_ code: String, now: Date) -> Bool {
        let fingerprint = Secrets.fingerprint(code)
        return entries.withLock { entries in
            entries.removeAll { $0.expiresAt <= now }
            let matches = entries.map { Secrets.constantTimeEqual($0.fingerprint, fingerprint) }
            guard let index = matches.firstIndex(of: true) else { return false }
            entries.remove(at: index)
            return true
        }
    }
}
