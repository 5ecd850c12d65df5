import Dispatch
import Foundation
import Synchronization

/// The next firing batch's pending records, read and decoded on another thread
/// while the engine commits the batch before it.
///
/// A burst fires a window's worth per transaction, and one core did everything in
/// turn: read the batch's records, decode them, write the transaction, present.
/// Reading and decoding took about a fifth of the time (SQLite store, 100,000
/// requests due at once). The next batch's entries are known before this one
/// commits — the window after it, read from the store past its last entry if
/// the window ran empty — and their rows are not the ones this batch changes, so
/// they can be read beside its write.
///
/// What was read is used only if the store saw no other write in between: the
/// engine counts its writes (``NotificationEngine/storeWrites``), and the
/// prefetch expects exactly one more, the batch's own commit. Anything else — an
/// add that replaced one of the requests, a removal, an app forgotten — and the
/// records are read again in the batch's own turn, as without it. The engine's
/// check that a record still has the date it was taken at (``EngineCore/fire``)
/// stays as well.
final class FiringPrefetch: Sendable {
    typealias Loaded = FiringClaim.Loaded
    /// What a prefetch read, with the requests it was asked for.
    typealias Taken = (keys: [(app: AppIdentifier, identifier: String)], loaded: Loaded)

    /// The requests read, in the window's order.
    private let keys: [(app: AppIdentifier, identifier: String)]
    /// The store's write count when the read began.
    private let writesAtStart: UInt64
    private let loaded = Mutex<Loaded?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading the records of `keys` on a global queue with `load`.
    init(
        keys: [(app: AppIdentifier, identifier: String)], writesAtStart: UInt64,
        load: @escaping @Sendable ([(app: AppIdentifier, identifier: String)]) -> Loaded?
    ) {
        self.keys = keys
        self.writesAtStart = writesAtStart
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let records = load(keys)
            loaded.withLock { $0 = records }
            done.signal()
        }
    }

    /// The records read, waiting for them if need be, if the store's write count
    /// is now `writes`: one more than when the read began. `nil` when another
    /// write came in between, or the read failed.
    func take(ifStoreWritesAre writes: UInt64) -> Taken? {
        guard writes == writesAtStart &+ 1 else { return nil }
        done.wait()
        return loaded.withLock { $0 }.map { (keys, $0) }
    }
}
