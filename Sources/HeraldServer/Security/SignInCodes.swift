import Foundation

/// One-time sign-in codes: what `herald open` puts in the address it opens instead
/// of the admin token, so the token stays out of the browser's history and out of
/// `xdg-open`'s command line.
///
/// A code is good for ``lifetime`` and for one sign-in. The daemon keeps codes by
/// their SHA-256, as it keeps sessions, in its ``SignInCodeRecords``. At most
/// ``limit`` wait at once, and a new one beyond that drops the oldest.
final class SignInCodes: Sendable {
    /// How long a code stays good: 60 seconds.
    static let lifetime: TimeInterval = 60
    /// How many codes may wait at once.
    static let limit = 16

    /// Where the waiting codes are kept.
    private let records: any SignInCodeRecords

    init(records: any SignInCodeRecords = SignInCodeMemory()) {
        self.records = records
    }

    /// A new code, `hsc_` and 256 random bits in base64url, and when it expires.
    ///
    /// - Throws: ``NotificationError`` when the shared database cannot record it.
    func issue(now: Date) throws -> (code: String, expiresAt: Date) {
        let code = Secrets.makeToken(prefix: "hsc_")
        let expiresAt = now + Self.lifetime
        try records.issue(fingerprint: Secrets.fingerprint(code), expiresAt: expiresAt, now: now, limit: Self.limit)
        return (code, expiresAt)
    }

    /// Uses `code` up: whether it was waiting and had not expired.
    ///
    /// - Throws: ``NotificationError`` when the shared database cannot be reached.
    func redeem(_ code: String, now: Date) throws -> Bool {
        try records.redeem(fingerprint: Secrets.fingerprint(code), now: now)
    }
}
