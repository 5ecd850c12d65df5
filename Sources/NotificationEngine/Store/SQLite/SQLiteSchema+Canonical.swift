import Foundation
import GRDB

/// The v4 migration: identifiers in NFC (see `String.canonical`).
extension SQLiteSchema {
    /// An app's identifier in NFC. Distinct NFC strings are never canonically
    /// equal, so Swift's hashing, which is by canonical equivalence, tells them apart.
    private struct Key: Hashable {
        var app: String
        var identifier: String
    }

    /// Before version 4, `pending` and `deliveries` kept request identifiers as the
    /// app spelled them, so a database may hold canonically equal identifiers of
    /// one app that SQLite, comparing bytes, takes for two. Every identifier not in
    /// NFC is rewritten in NFC, in its key and in its stored request (with the
    /// request's category and thread identifiers):
    ///
    /// - pending requests that become one keep the one added last, as if the later
    ///   add had replaced the earlier (on a tie, the one already in NFC);
    /// - of listed deliveries that become one, the one saved last stays listed, as
    ///   if it had replaced the others in the notification center.
    ///
    /// Only rows with non-ASCII identifiers can change; the rest are read once, by
    /// their keys. Category identifiers in `apps` are left as they are: the engine
    /// compares them in Swift, by canonical equivalence.
    static func canonicalizeIdentifiers(_ db: Database) throws {
        for (key, spellings) in try nonCanonical(in: "pending", db) {
            try mergePending(key, spellings: spellings, db)
        }
        let deliveries = try nonCanonical(in: "deliveries", db)
        for (key, spellings) in deliveries {
            for spelling in spellings {
                try canonicalizeDeliveries(of: key, spelledAs: spelling, db)
            }
            try keepLastListed(key, db)
        }
    }

    /// The table's identifiers that are not in NFC, by the app and NFC they fold to.
    private static func nonCanonical(in table: String, _ db: Database) throws -> [Key: [String]] {
        var found: [Key: [String]] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT DISTINCT app, identifier FROM \(table)")
        while let row = try rows.next() {
            let identifier: String = row[1]
            guard !identifier.isCanonical else { continue }
            found[Key(app: row[0], identifier: identifier.canonical), default: []].append(identifier)
        }
        return found
    }

    /// Replaces the pending rows of these spellings, and the NFC one if there is
    /// one, with a single row under the NFC key: the one added last.
    private static func mergePending(_ key: Key, spellings: [String], _ db: Database) throws {
        var rows: [Row] = []
        for spelling in [key.identifier] + spellings {
            rows += try Row.fetchAll(
                db,
                sql: """
                    SELECT identifier, next_fire, added, is_location, request FROM pending
                    WHERE app = ? AND identifier = ?
                    """,
                arguments: [key.app, spelling])
        }
        // `max` keeps the first of equals: the NFC row, fetched first, wins a tie.
        guard let kept = rows.max(by: { ($0["added"] as Double) < ($1["added"] as Double) }) else { return }
        for spelling in spellings {
            try db.execute(sql: "DELETE FROM pending WHERE app = ? AND identifier = ?", arguments: [key.app, spelling])
        }
        guard !(kept["identifier"] as String).isCanonical else { return }
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO pending (app, identifier, next_fire, added, is_location, request)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                key.app, key.identifier, kept["next_fire"] as Double?, kept["added"] as Double,
                kept["is_location"] as Int, recoded(kept["request"]),
            ])
    }

    /// Rewrites the app's deliveries of one spelling under the NFC identifier.
    private static func canonicalizeDeliveries(of key: Key, spelledAs spelling: String, _ db: Database) throws {
        let rows = try Row.fetchAll(
            db, sql: "SELECT seq, request FROM deliveries WHERE app = ? AND identifier = ?",
            arguments: [key.app, spelling])
        for row in rows {
            try db.execute(
                sql: "UPDATE deliveries SET identifier = ?, request = ? WHERE seq = ?",
                arguments: [key.identifier, recoded(row["request"]), row["seq"] as Int64])
        }
    }

    /// Unlists all but the last saved of the app's listed deliveries of the identifier.
    private static func keepLastListed(_ key: Key, _ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE deliveries SET listed = 0
                WHERE app = ?1 AND identifier = ?2 AND listed = 1 AND seq < (
                    SELECT MAX(seq) FROM deliveries WHERE app = ?1 AND identifier = ?2 AND listed = 1)
                """,
            arguments: [key.app, key.identifier])
    }

    /// A stored request with its identifiers in NFC; one that cannot be read stays
    /// as it is, for firing to drop as it drops any unreadable request.
    private static func recoded(_ data: Data) -> Data {
        guard let request = try? RequestCoding.decode(data),
            let encoded = try? RequestCoding.encode(request.canonical)
        else { return data }
        return encoded
    }
}
