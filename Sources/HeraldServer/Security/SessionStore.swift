import Foundation
import HeraldAPI
import Synchronization

/// The web notification center's browser sessions. A session has two secrets: its
/// id, the HttpOnly cookie, and its key, which the sign-in answer hands to the page
/// and the page keeps in its tab's `sessionStorage` and sends with every call
/// (``SessionKeyTransport``). The daemon keeps both by their SHA-256 only, so no
/// file or table holds a usable credential: in `sessions.json` in the data
/// directory, or in the shared database when several daemons share one
/// (``reload(now:)`` then picks up other nodes' changes). The admin token never
/// reaches the browser.
///
/// A session ends when it is signed out or ended by the admin, after
/// ``idleLifetime`` without use, or ``maximumLifetime`` after sign-in, whichever
/// comes first. Use is recorded at most every ``useRecordingInterval``.
final class SessionStore: Sendable {
    /// How long a session lasts unused: 24 hours. A call with the session, or an
    /// event stream open with it, is a use: a center left open stays signed in, a
    /// browser left with the cookie and a restored tab's key does not for longer than a day.
    static let idleLifetime: TimeInterval = 24 * 60 * 60
    /// How long a session lasts at most after sign-in, used or not: 7 days. Then
    /// `herald open` (or a click on a desktop notification) signs in again.
    static let maximumLifetime: TimeInterval = 7 * 24 * 60 * 60
    /// How stale the recorded last use may be: a use is written at most this often.
    static let useRecordingInterval: TimeInterval = 10 * 60

    struct Session: Codable, Sendable, Equatable {
        /// The SHA-256 of the session id (the cookie), in hex.
        var fingerprint: String
        /// The SHA-256 of the session key (the page's), in hex.
        var keyFingerprint: String
        var createdAt: Date
        /// ``SessionStore/maximumLifetime`` after ``createdAt``.
        var expiresAt: Date
        /// The last use recorded.
        var usedAt: Date

        /// Whether the session still opens the daemon at `now`.
        func isCurrent(at now: Date) -> Bool {
            now < expiresAt && now < usedAt + SessionStore.idleLifetime && !keyFingerprint.isEmpty
        }
    }

    /// A change to make lasting.
    enum Change: Sendable {
        case created(Session)
        case used(fingerprint: String, at: Date)
        case ended(fingerprint: String)
        case endedAll
    }

    /// What a cookie names.
    enum Lookup: Sendable, Equatable {
        /// A current session, whose key the request sent.
        case keyed(fingerprint: String)
        /// A current session, but the request sent no key, or another one.
        case keyless(fingerprint: String)
        /// No current session: unknown, ended or expired.
        case none
    }

    private let records: any SessionRecords
    private let sessions: Mutex<[String: Session]>

    /// Opens the sessions kept in `records`.
    ///
    /// - Throws: ``DaemonError`` when they cannot be read.
    init(records: any SessionRecords) throws {
        self.records = records
        sessions = Mutex(Self.byFingerprint(try records.load()))
    }

    /// Opens the sessions kept in `file`; a missing file holds none.
    convenience init(file: URL) throws {
        try self.init(records: SessionFile(file: file))
    }

    private static func byFingerprint(_ list: [Session]) -> [String: Session] {
        Dictionary(list.map { ($0.fingerprint, $0) }) { _, last in last }
    }

    /// Reads the records again, for changes made elsewhere (another node), and
    /// forgets the sessions that no longer open the daemon at `now`.
    ///
    /// - Returns: The fingerprints of sessions that ended, whose streams the caller closes.
    func reload(now: Date) throws -> [String] {
        let fresh = Self.byFingerprint(try records.load().filter { $0.isCurrent(at: now) })
        return sessions.withLock { sessions in
            defer { sessions = fresh }
            return sessions.keys.filter { fresh[$0] == nil }
        }
    }

    /// Starts a session and returns its id, the cookie's value, and its key, the page's.
    func create(now: Date) throws -> (id: String, key: String) {
        let id = Secrets.makeToken(prefix: "hss_")
        let key = Secrets.makeToken(prefix: "hsk_")
        let session = Session(
            fingerprint: Secrets.fingerprint(id), keyFingerprint: Secrets.fingerprint(key), createdAt: now,
            expiresAt: now + Self.maximumLifetime, usedAt: now)
        try update(.created(session), now: now) { $0[session.fingerprint] = session }
        return (id, key)
    }

    /// What the cookie `id` names, with `key` (or none) sent beside it. The key's
    /// digest is compared with the session's in constant time.
    func lookup(_ id: String, key: String?, now: Date) -> Lookup {
        let fingerprint = Secrets.fingerprint(id)
        let session = sessions.withLock { $0[fingerprint] }
        guard let session, session.isCurrent(at: now) else { return .none }
        guard let key, Secrets.constantTimeEqual(Secrets.fingerprint(key), session.keyFingerprint) else {
            return .keyless(fingerprint: fingerprint)
        }
        return .keyed(fingerprint: fingerprint)
    }

    /// Whether the session with this fingerprint exists and still opens the daemon.
    func isCurrent(fingerprint: String, now: Date) -> Bool {
        sessions.withLock { $0[fingerprint]?.isCurrent(at: now) ?? false }
    }

    /// Records that the session was used at `now`, if its recorded use is older than
    /// ``useRecordingInterval``.
    func recordUse(fingerprint: String, now: Date) throws {
        let stale = sessions.withLock { sessions in
            (sessions[fingerprint]?.usedAt).map { now.timeIntervalSince($0) >= Self.useRecordingInterval } ?? false
        }
        guard stale else { return }
        try update(.used(fingerprint: fingerprint, at: now), now: now) { $0[fingerprint]?.usedAt = now }
    }

    /// Ends the session with this fingerprint.
    func end(fingerprint: String, now: Date) throws {
        try update(.ended(fingerprint: fingerprint), now: now) { $0[fingerprint] = nil }
    }

    /// Ends every session and returns their fingerprints.
    func endAll(now: Date) throws -> [String] {
        try update(.endedAll, now: now) { sessions in
            defer { sessions = [:] }
            return Array(sessions.keys)
        }
    }

    /// Applies `apply`, drops the sessions that ended and saves `change`; if saving
    /// fails, nothing changes.
    private func update<T>(_ change: Change, now: Date, _ apply: (inout [String: Session]) throws -> T) throws -> T {
        try sessions.withLock { sessions in
            var next = sessions
            let result = try apply(&next)
            next = next.filter { $0.value.isCurrent(at: now) }
            try records.save(change, all: next.values.sorted { $0.createdAt < $1.createdAt }, now: now)
            sessions = next
            return result
        }
    }
}
