/// The first-in, first-out queue behind every queue-drain delivery in Signals (subjects,
/// `SerializedObserver`, `combineLatest`, `deliverOn`, the timer-driven operators): senders
/// append under their owner's lock, the one delivering pops until it is empty.
///
/// Popping only moves a cursor; the storage is emptied (keeping its capacity) once everything
/// has been popped, so a busy queue costs no shifting and an idle one holds nothing.
@usableFromInline
struct DrainQueue<Element> {
    @usableFromInline var items: [Element] = []
    @usableFromInline var head = 0

    @inlinable
    init() {}

    /// Whether everything appended has been popped.
    @inlinable
    var isEmpty: Bool { head >= items.count }

    @inlinable
    mutating func append(_ item: Element) {
        items.append(item)
    }

    /// Removes and returns the oldest item; `nil` (after releasing the storage) when empty.
    @inlinable
    mutating func popFirst() -> Element? {
        guard head < items.count else {
            if !items.isEmpty {
                items.removeAll(keepingCapacity: true)
                head = 0
            }
            return nil
        }
        defer { head += 1 }
        return items[head]
    }
}
