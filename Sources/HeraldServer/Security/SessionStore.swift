import Foundation
import HeraldAPI
import Synchronization

/// The web notification center's browser sessions: random ids, each good until it
/// expires or is ended (signing out, or the admin ending every session), kept by
/// their SHA-256 only, so no file or table holds a usable credential: in
/// `sessions.json` in the data directory, or in the shared database when several
/// daemons share one (``reload(now:)`` then picks up other nodes' changes). The
/// admin token never reaches the browser.
final class SessionStore: Sendable {
    /// How long a session lasts after sign-in: 30 days.
    static let lifetime: TimeInterval = 30 * 24 * 60 * 60

    struct Session: Codable, Sendable, Equatable {
        /// The SHA-256 of the session id, in hex.
        var fingerprint: String
        var createdAt: Date
        var expiresAt: Date
    }

    /// A change to make lasting.
    enum Change: Sendable {
        case created(Session)
        case ended(fingerprint: String)
        case endedAll
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
    /// forgets the sessions expired at `now`.
    ///
    /// - Returns: The fingerprints of sessions that ended, whose streams the caller closes.
    func reload(now: Date) throws -> [String] {
        let fresh = Self.byFingerprint(try records.load().filter { $0.expiresAt > now })
        return sessions.withLock { sessions in
            defer { sessions = fresh }
            return sessions.keys.filter { fresh[$0] == nil }
        }
    }

    /// Starts a session and returns its id, the cookie's value.
    func create(now: Date) throws -> String {
        let id = Secrets.makeToken(prefix: "hss_")
        let session = Session(fingerprint: Secrets.fingerprint(id), createdAt: now, expiresAt: now + Self.lifetime)
        try update(.created(session), now: now) { $0[session.fingerprint] = session }
        return id
    }

    /// The fingerprint of the session `id` names, if it exists and has not expired.
    func session(_ id: String, now: Date) -> String? {
        let fingerprint = Secrets.fingerprint(id)
        return isCurrent(fingerprint: fingerprint, now: now) ? fingerprint : nil
    }

    /// Whether the session with this fingerprint exists and has not expired.
    func isCurrent(fingerprint: String, now: Date) -> Bool {
        sessions.withLock { ($0[fingerprint]?.expiresAt).map { $0 > now } ?? false }
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

    /// Applies `apply`, drops expired sessions and saves `change`; if saving fails,
    /// nothing changes.
    private func update<T>(_ change: Change, now: Date, _ apply: (inout [String: Session]) throws -> T) throws -> T {
        try sessions.withLock { sessions in
            var next = sessions
            let result = try apply(&next)
            next = next.filter { $0.value.expiresAt > now }
            try records.save(change, all: next.values.sorted { $0.createdAt < $1.createdAt }, now: now)
            sessions = next
            return result
        }
    }
}

/// Where a ``SessionStore`` keeps its sessions.
protocol SessionRecords: Sendable {
    /// Every session not known to have expired.
    func load() throws -> [SessionStore.Session]
    /// Makes `change` lasting, forgetting sessions expired at `now`; `all` is every
    /// current session after it.
    func save(_ change: SessionStore.Change, all: [SessionStore.Session], now: Date) throws
}

/// The sessions in `sessions.json` in the data directory.
struct SessionFile: SessionRecords {
    let file: URL

    func load() throws -> [SessionStore.Session] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        do {
            return try API.decoder().decode([SessionStore.Session].self, from: Data(contentsOf: file))
        } catch {
            throw DaemonError("cannot read the browser sessions \(file.path): \(error); delete it to sign every browser out")
        }
    }

    func save(_ change: SessionStore.Change, all: [SessionStore.Session], now: Date) throws {
        do {
            try DataDirectory.writeAtomically(try API.encoder().encode(all), to: file)
        } catch {
            throw DaemonError("cannot save the browser sessions \(file.path): \(error)")
        }
    }
}
