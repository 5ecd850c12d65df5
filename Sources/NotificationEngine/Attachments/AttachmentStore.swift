package import Foundation
import Synchronization

/// Where the engine keeps attachments' bytes, each under the SHA-256 of its bytes
/// (its digest), so the same file attached twice is kept once.
///
/// An add writes the bytes before it commits the request that refers to them, so
/// a crash leaves at worst a file nothing refers to, never a reference to a
/// missing file. A digest is *pinned* from the write until the engine has
/// committed (or given up on) the request; ``removeAll(except:)`` never removes a
/// pinned digest, so a sweep cannot take bytes an add is about to refer to.
package protocol AttachmentStore: Sendable {
    /// Keeps `data` under `digest` (doing nothing if it is already kept) and pins it.
    func put(_ data: Data, digest: String) throws
    /// Pins `digest` if its bytes are kept; returns how many bytes they are, or
    /// `nil` (and pins nothing) if they are not kept.
    func pin(_ digest: String) -> Int?
    /// Unpins digests pinned by ``put(_:digest:)`` or ``pin(_:)``, once per pin.
    func unpin(_ digests: [String])
    /// The bytes kept under `digest`, or `nil` if there are none.
    func data(_ digest: String) throws -> Data?
    /// The file the bytes are kept in, for a store that keeps files.
    func url(_ digest: String) -> URL?
    /// Whether anything is kept: a sweep is needed only then.
    var isEmpty: Bool { get }
    /// Removes the bytes of every digest not in `referenced` and not pinned;
    /// returns how many it removed.
    func removeAll(except referenced: Set<String>) throws -> Int
}

/// Pins counted per digest.
struct AttachmentPins {
    private var counts: [String: Int] = [:]

    mutating func pin(_ digest: String) {
        counts[digest, default: 0] += 1
    }

    mutating func unpin(_ digest: String) {
        guard let count = counts[digest] else { return }
        counts[digest] = count > 1 ? count - 1 : nil
    }

    func contains(_ digest: String) -> Bool { counts[digest] != nil }

    /// Every pinned digest.
    var digests: [String] { Array(counts.keys) }
}

/// The in-memory store's attachments: bytes in a dictionary.
package final class InMemoryAttachmentStore: AttachmentStore {
    private struct State {
        var files: [String: Data] = [:]
        var pins = AttachmentPins()
    }

    private let state = Mutex(State())

    package init() {}

    package func put(_ data: Data, digest: String) {
        state.withLock { state in
            state.pins.pin(digest)
            if state.files[digest] == nil { state.files[digest] = data }
        }
    }

    package func pin(_ digest: String) -> Int? {
        state.withLock { state in
            guard let data = state.files[digest] else { return nil }
            state.pins.pin(digest)
            return data.count
        }
    }

    package func unpin(_ digests: [String]) {
        state.withLock { state in digests.forEach { state.pins.unpin($0) } }
    }

    package func data(_ digest: String) -> Data? {
        state.withLock { $0.files[digest] }
    }

    package func url(_ digest: String) -> URL? { nil }

    package var isEmpty: Bool { state.withLock { $0.files.isEmpty } }

    package func removeAll(except referenced: Set<String>) -> Int {
        state.withLock { state in
            let doomed = state.files.keys.filter { !referenced.contains($0) && !state.pins.contains($0) }
            doomed.forEach { state.files[$0] = nil }
            return doomed.count
        }
    }
}
