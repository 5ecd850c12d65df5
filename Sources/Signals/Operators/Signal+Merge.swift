extension Signal {
    /// Merges several signals: each value is forwarded as soon as any of them sends it.
    ///
    /// Completes when all of them have completed; fails with the first error.
    ///
    /// ```swift
    /// let merged = Signal.merge([letters.signal, numbers.signal])
    /// // letters A, numbers 1, letters B, letters C, numbers 2  →  A 1 B C 2
    /// ```
    @inlinable
    public static func merge<Signals: Sequence & Sendable>(_ signals: Signals) -> Signal
    where Signals.Element == Signal {
        Signal<Signal, Failure>.from(signals).flatten()
    }

    /// Merges this signal with `other`.
    @inlinable
    public func merge(with other: Signal) -> Signal {
        Signal.merge([self, other])
    }
}
