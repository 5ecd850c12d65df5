import Synchronization

/// The admin tokens' fingerprints of a node alone, in memory: its own, recorded
/// at start from its data directory's `admin-token`.
final class AdminTokenMemory: AdminTokenRecords {
    private let recorded = Mutex<[String]>([])

    func record(fingerprint: String) -> [String] {
        recorded.withLock { recorded in
            if !recorded.contains(fingerprint) { recorded = (recorded + [fingerprint]).sorted() }
            return recorded
        }
    }

    func fingerprints() -> [String] {
        recorded.withLock { $0 }
    }
}
