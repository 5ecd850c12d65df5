import Foundation
import HeraldAPI

/// The registry in `apps.json` in the data directory (owner-only, replaced
/// atomically, so a crash leaves the old file or the new one).
struct AppFile: AppRecords {
    let file: URL

    func load() throws -> [RegisteredApp] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        do {
            return try API.decoder().decode([RegisteredApp].self, from: Data(contentsOf: file))
        } catch {
            throw DaemonError("cannot read the app registry \(file.path): \(error)")
        }
    }

    func save(_ change: AppRegistry.Change, all: [RegisteredApp]) throws {
        do {
            try DataDirectory.writeAtomically(try API.encoder().encode(all), to: file)
        } catch {
            throw DaemonError("cannot save the app registry \(file.path): \(error)")
        }
    }
}
