import Foundation
import HeraldAPI
import PushService

/// The push service's keys and registrations in `push.json` in the data directory
/// (owner-only, replaced atomically, so a crash leaves the old file or the new one).
struct PushFile: PushRecords {
    let file: URL

    func load() throws -> PushDirectory.Contents {
        guard FileManager.default.fileExists(atPath: file.path) else { return PushDirectory.Contents() }
        do {
            return try API.decoder().decode(PushDirectory.Contents.self, from: Data(contentsOf: file))
        } catch {
            throw PushServiceError(.storeFailure, "cannot read the push service's records \(file.path): \(error)")
        }
    }

    func save(_ change: PushDirectory.Change, all: PushDirectory.Contents) throws {
        do {
            try DataDirectory.writeAtomically(try API.encoder().encode(all), to: file)
        } catch {
            throw PushServiceError(.storeFailure, "cannot save the push service's records \(file.path): \(error)")
        }
    }
}
