import Foundation

/// Where ``SignInCodes`` keeps the waiting codes, by their SHA-256 (in hex):
/// ``SignInCodeMemory`` (a node alone; a restart forgets them) or
/// ``PostgresSignInCodes`` (every node on a database, so a code `herald open` got
/// from one node signs in on any).
protocol SignInCodeRecords: Sendable {
    /// Records a code by its fingerprint; forgets expired codes, and the oldest
    /// beyond `limit`.
    func issue(fingerprint: String, expiresAt: Date, now: Date, limit: Int) throws

    /// Uses up the code with this fingerprint: whether it was waiting and had not
    /// expired. Of two redeeming it at once, one gets it.
    func redeem(fingerprint: String, now: Date) throws -> Bool
}
