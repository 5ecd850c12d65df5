import Foundation
import Synchronization

/// The waiting sign-in codes in memory, oldest first. Redeeming compares every
/// waiting fingerprint, in constant time, whichever matches.
final class SignInCodeMemory: SignInCodeRecords {
    /// A waiting code: the SHA-256 of its text, in hex, and when it stops being good.
    private struct Entry: Sendable {
        var fingerprint: String
        var expiresAt: Date
    }

    private let entries = Mutex<[Entry]>([])

    func issue(fingerprint: String, expiresAt: Date, now: Date, limit: Int) {
        entries.withLock { entries in
            entries.removeAll { $0.expiresAt <= now }
            entries.append(Entry(fingerprint: fingerprint, expiresAt: expiresAt))
            entries.removeFirst(max(0, entries.count - limit))
        }
    }

    func redeem(fingerprint: String, now: Date) -> Bool {
        entries.withLock { entries in
            entries.removeAll { $0.expiresAt <= now }
            let matches = entries.map { Secrets.constantTimeEqual($0.fingerprint, fingerprint) }
            guard let index = matches.firstIndex(of: true) else { return false }
            entries.remove(at: index)
            return true
        }
    }
}
