import Dispatch
import Foundation
import Glibc
import Signals
import Synchronization

/// An object whose lifetime a test follows through a weak reference.
final class Tracked: Sendable {
    let name: String
    init(_ name: String = "tracked") { self.name = name }
}

/// A weak reference, to prove that an object was released.
final class WeakRef<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?
    init(_ object: Object?) { self.object = object }
    var isReleased: Bool { object == nil }
}

/// Detects overlapping deliveries: `enter()` must never find another delivery inside.
final class OverlapDetector: Sendable {
    private let inside = Atomic<Bool>(false)
    private let overlaps = Atomic<Int>(0)

    init() {}

    /// Runs `body` as one delivery, counting any delivery that was already inside.
    func run(_ body: () -> Void) {
        if inside.exchange(true, ordering: .acquiringAndReleasing) {
            overlaps.add(1, ordering: .relaxed)
        }
        body()
        inside.store(false, ordering: .releasing)
    }

    var overlapCount: Int { overlaps.load(ordering: .relaxed) }
}

/// Per-sender bookkeeping of values `sender * stride + index`: checks each sender's values
/// arrive exactly once and in order. Deliveries must be serialized (it is checked with a lock anyway).
final class OrderedTally: Sendable {
    private struct State {
        var nextIndex: [Int]
        var outOfOrder = 0
        var count = 0
        var sum = 0
    }

    let stride: Int
    private let state: Mutex<State>

    init(senders: Int, stride: Int) {
        self.stride = stride
        state = Mutex(State(nextIndex: Array(repeating: 0, count: senders)))
    }

    func record(_ value: Int) {
        let sender = value / stride
        let index = value % stride
        state.withLock { state in
            if state.nextIndex[sender] != index { state.outOfOrder += 1 }
            state.nextIndex[sender] = index + 1
            state.count += 1
            state.sum += value
        }
    }

    var count: Int { state.withLock { $0.count } }
    var sum: Int { state.withLock { $0.sum } }
    var outOfOrder: Int { state.withLock { $0.outOfOrder } }
    var perSender: [Int] { state.withLock { $0.nextIndex } }
}

/// The sum of `sender * stride + index` over every sender and index.
func expectedSum(senders: Int, perSender: Int, stride: Int) -> Int {
    let indexSum = perSender * (perSender - 1) / 2
    return (0..<senders).reduce(0) { $0 + $1 * stride * perSender + indexSum }
}

/// Bytes the C heap has handed out and not taken back — glibc's `mallinfo2().uordblks`.
///
/// `<malloc.h>` is not part of Swift's Glibc module, so this calls `malloc_info` (looked up
/// with `dlsym`) and computes the same figure from its totals: memory obtained from the
/// system minus the free chunks.
func heapBytesInUse() -> Int {
    typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_info") else { return -1 }
    let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
    var buffer: UnsafeMutablePointer<CChar>?
    var size = 0
    guard let stream = open_memstream(&buffer, &size) else { return -1 }
    _ = mallocInfo(0, stream)
    fclose(stream)
    guard let buffer else { return -1 }
    defer { free(buffer) }
    let xml = String(cString: buffer)
    return lastSize(in: xml, of: "<system type=\"current\" size=\"")
        - lastSize(in: xml, of: "<total type=\"fast\" count=\"", skippingCount: true)
        - lastSize(in: xml, of: "<total type=\"rest\" count=\"", skippingCount: true)
}

/// The number after the last `prefix` in `xml` (after its `count` attribute if asked).
private func lastSize(in xml: String, of prefix: String, skippingCount: Bool = false) -> Int {
    guard let start = xml.range(of: prefix, options: .backwards)?.upperBound else { return 0 }
    var rest = xml[start...]
    if skippingCount, let size = rest.range(of: "size=\"")?.upperBound { rest = rest[size...] }
    return Int(rest.prefix { $0.isNumber }) ?? 0
}

/// Runs `body(index)` on `count` new threads at once and returns when all are done.
///
/// Unlike `DispatchQueue.concurrentPerform`, which runs no more iterations at once than there
/// are cores, every body really runs concurrently, so bodies may wait for each other.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.start()
    }
    group.wait()
}
