import Foundation
import HeraldAPI
import Synchronization

/// The web notification center's browser sessions: random ids, each good until it
/// expires or is ended (signing out, or the admin ending every session), kept in
/// `sessions.json` in the data directory by their SHA-256 only, so the file never
/// holds a usable credential. The admin token never reaches the browser.
final class SessionStore: Sendable {
    /// How long a session lasts after sign-in: 30 days.
    static let lifetime: TimeInterval = 30 * 24 * 60 * 60

    struct Session: Codable, Sendable, Equatable {
        /// The SHA-256 of the session id, in hex.
        var fingerprint: String
        var createdAt: Date
        var expiresAt: Date
    }

    private let file: URL
    private let sessions: Mutex<[String: Session]>

    /// Opens the sessions kept in `file`; a missing file holds none.
    ///
    /// - Throws: ``DaemonError`` when the file exists but cannot be read.
    init(file: URL) throws {
        self.file = file
        var sessions: [String: Session] = [:]
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                let list = try API.decoder().decode([Session].self, from: Data(contentsOf: file))
                sessions = Dictionary(list.map { ($0.fingerprint, $0) }) { _, last in last }
            } catch {
                throw DaemonError("cannot read the browser sessions \(file.path): \(error); delete it to sign every browser out")
            }
        }
        self.sessions = Mutex(sessions)
    }

    /// Starts a session and returns its id, the cookie's value.
    func create(now: Date) throws -> String {
        let id = Secrets.makeToken(prefix: "hss_")
        let session = Session(fingerprint: Secrets.fingerprint(id), createdAt: now, expiresAt: now + Self.lifetime)
        try update(now: now) { $0[session.fingerprint] = session }
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
        try update(now: now) { $0[fingerprint] = nil }
    }

    /// Ends every session and returns their fingerprints.
    func endAll(now: Date) throws -> [String] {
        try update(now: now) { sessions in
            defer { sessions = [:] }
            return Array(sessions.keys)
        }
    }

    /// Applies `change`, drops expired sessions and saves; if saving fails, nothing changes.
    private func update<T>(now: Date, _ change: (inout [String: Session]) throws -> T) throws -> T {
        try sessions.withLock { sessions in
            var next = sessions
            let result = try change(&next)
            next = next.filter { $0.value.expiresAt > now }
            do {
                let list = next.values.sorted { $0.createdAt < $1.createdAt }
                try DataDirectory.writeAtomically(try API.encoder().encode(list), to: file)
            } catch {
                throw DaemonError("cannot save the browser sessions \(file.path): \(error)")
            }
            sessions = next
            return result
        }
    }
}
