import Foundation
import GRDB

extension SQLiteTransaction {
    func attachmentDigests() throws -> Set<String> {
        try guarding("reading which attachments are referred to") {
            // Decodes every record: the engine asks only when the attachment
            // store holds files, after a change that may have freed some.
            var digests = Set<String>()
            for table in ["pending", "deliveries"] {
                let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT request FROM \(table)"))
                while let row = try rows.next() {
                    for attachment in try request(row, at: 0).content.attachments {
                        digests.insert(attachment.digest)
                    }
                }
            }
            return digests
        }
    }
}
