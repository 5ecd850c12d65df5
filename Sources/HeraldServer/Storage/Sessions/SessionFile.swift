import Foundation
import HeraldAPI

/// The sessions in `sessions.json` in the data directory.
struct SessionFile: SessionRecords {
    let file: URL

    /// A session as the file holds it: one written before sessions had keys (and
    /// a last use) has none, and is dropped: its browser signs in again.
    private struct Record: Decodable {
        var fingerprint: String
        var keyFingerprint: String?
        var createdAt: Date
        var expiresAt: Date
        var usedAt: Date?
    }

    func load() throws -> [SessionStore.Session] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        do {
            return try API.decoder().decode([Record].self, from: Data(contentsOf: file)).compactMap { record in
                guard let key = record.keyFingerprint else { return nil }
                return SessionStore.Session(
                    fingerprint: record.fingerprint, keyFingerprint: key, createdAt: record.createdAt,
                    expiresAt: record.expiresAt, usedAt: record.usedAt ?? record.createdAt)
            }
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
