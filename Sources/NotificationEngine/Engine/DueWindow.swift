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

    /// Replaces the window with the store's soonest entries (asked for `capacity + 1`
    /// so that a full window knows whether more exist).
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

    /// Forgets every entry of an app.
    mutating func removeAll(of app: AppIdentifier) {
        entries.removeAll { $0.app == app }
    }

    /// Takes up to `limit` entries due at or before `date`.
    mutating func popDue(at date: Date, limit: Int) -> [DueEntry] {
        var count = 0
        while count < entries.count, count < limit, entries[count].date <= date {
            count += 1
        }
        defer { entries.removeFirst(count) }
        return Array(entries.prefix(count))
    }

    /// Takes up to `limit` entries that `ownership` fires at or before `date`:
    /// this node's entries due by then, and the others' due by `date - grace`.
    mutating func popDue(at date: Date, limit: Int, ownership: DueOwnership?) -> [DueEntry] {
        guard let ownership else { return popDue(at: date, limit: limit) }
        var taken: [DueEntry] = []
        var kept: [DueEntry] = []
        var index = 0
        while index < entries.count, taken.count < limit, entries[index].date <= date {
            let entry = entries[index]
            if ownership.fireDate(of: entry) <= date { taken.append(entry) } else { kept.append(entry) }
            index += 1
        }
        entries.replaceSubrange(0..<index, with: kept)
        return taken
    }

    /// The earliest date `ownership` fires an entry of the window at (the first
    /// entry's date without one).
    func nextFireDate(ownership: DueOwnership?) -> Date? {
        guard let first = entries.first else { return nil }
        guard let ownership else { return first.date }
        var soonest = ownership.fireDate(of: first)
        for entry in entries.dropFirst() {
            guard entry.date < soonest else { break }
            soonest = min(soonest, ownership.fireDate(of: entry))
        }
        return soonest
    }
}

extension DueWindow {
    /// Forgets everything, so the next look reloads the window from the store.
    mutating func invalidate() {
        entries = []
        isComplete = false
    }
}
