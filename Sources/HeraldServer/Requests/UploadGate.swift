import Synchronization

/// How many large uploads (adds whose body is over 64 KiB) the daemon reads and adds
/// at once: each holds its body and its decoded attachments, tens of MiB, until its
/// add has been committed.
final class UploadGate: Sendable {
    let capacity: Int
    private let inUse = Mutex(0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes a place if one is free; `false` when all are taken.
    func enter() -> Bool {
        inUse.withLock { inUse in
            guard inUse < capacity else { return false }
            inUse += 1
            return true
        }
    }

    /// Gives back a place taken by ``enter()``.
    func leave() {
        inUse.withLock { $0 -= 1 }
    }

    /// Places taken now.
    var count: Int { inUse.withLock { $0 } }
}
