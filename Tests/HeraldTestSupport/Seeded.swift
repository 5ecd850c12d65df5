import Synchronization

/// A deterministic random generator (SplitMix64) for reproducible shuffles.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next value of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Values collected from any thread.
public final class Recorded<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    /// Creates an empty record.
    public init() {}

    /// Adds a value.
    public func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    /// The values so far, in order.
    public var values: [Value] { storage.withLock { $0 } }
}
