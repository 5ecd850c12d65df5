import Foundation

/// The in-memory head of the due queue: the soonest due entries of the store, in
/// due-queue order, at most `capacity` of them.
///
/// Invariant: the window is a prefix of the store's due order. When ``isComplete``
/// it holds every due entry of the store; otherwise entries after ``last`` may
/// exist only in the store, and the window is refilled from the store when it
/// runs empty.
struct DueWindow {
    fileprivate(set) var entries: [DueEntry] = []
    fileprivate(set) var isComplete = false
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var first: DueEntry? { entries.first }
    var last: DueEntry? { entries.last }
    var needsRefill: Bool { entries.isEmpty && !isComplete }
    /// How many of the store's soonest entries a refill asks for: one more than
    /// the window holds, so that a full window knows whether more exist.
    var refillLimit: Int { capacity + 1 }

    /// Replaces the window with the store's soonest entries (asked for ``refillLimit``).
    mutating func refill(with soonest: [DueEntry]) {
        entries = Array(soonest.prefix(capacity))
        isComplete = soonest.count <= capacity
    }

    /// Adds an entry the store now holds, keeping the prefix invariant.
    mutating func insert(_ entry: DueEntry) {
        guard isComplete || last.map({ entry.comesBefore($0) }) == true else { return }
        entries.insert(entry, at: entries.insertionIndex(of: entry))
        if entries.count > capacity {
            entries.removeLast()
            isComplete = false
        }
    }

    /// Forgets the entry of a request that is no longer due at its date.
    mutating func remove(app: AppIdentifier, identifier: String) {
        entries.removeAll { $0.app == app && $0.identifier == identifier }
    }

    /// Forgets the entries of the requests in `keys`.
    mutating func remove(_ keys: Set<RegionKey>) {
        entries.removeAll { keys.contains(RegionKey(app: $0.app, identifier: $0.identifier)) }
    }

    /// Forgets every entry of an app.
    mutating func removeAll(of app: AppIdentifier) {
        entries.removeAll { $0.app == app }
    }

    /// Takes up to `limit` entries due at or before `date`, leaving those of the
    /// apps in `held` where they are.
    mutating func popDue(at date: Date, limit: Int, skipping held: [AppIdentifier: Date] = [:]) -> [DueEntry] {
        guard !held.isEmpty else {
            var count = 0
            while count < entries.count, count < limit, entries[count].date <= date {
                count += 1
            }
            defer { entries.removeFirst(count) }
            return Array(entries.prefix(count))
        }
        var taken: [DueEntry] = []
        var kept: [DueEntry] = []
        var index = 0
        while index < entries.count, entries[index].date <= date {
            if taken.count < limit, held[entries[index].app] == nil {
                taken.append(entries[index])
            } else {
                kept.append(entries[index])
            }
            index += 1
        }
        entries.replaceSubrange(0..<index, with: kept)
        return taken
    }
}

extension DueWindow {
    /// The first `limit` entries due at or before `date`, left in the window.
    func peekDue(at date: Date, limit: Int) -> ArraySlice<DueEntry> {
        var count = 0
        while count < entries.count, count < limit, entries[count].date <= date {
            count += 1
        }
        return entries.prefix(count)
    }

    /// Forgets everything, so the next look reloads the window from the store.
    mutating func invalidate() {
        entries = []
        isComplete = false
    }
}
