extension Signal {
    /// Maps each value to a signal and merges their values, in the order they are sent.
    ///
    /// Completes when this signal and every inner signal have completed; fails with the
    /// first error. (The same as `ReactiveStream.flattenMap`, specialized for signals.)
    ///
    /// ```swift
    /// letters.flattenMap { letter in database.saveEntries(for: letter) }
    ///     .subscribeCompleted { print("All database entries saved successfully.") }
    /// ```
    @inlinable
    public func flattenMap<Inner: Sendable>(
        _ transform: @escaping @Sendable (Value) -> Signal<Inner, Failure>
    ) -> Signal<Inner, Failure> {
        Signal<Inner, Failure> { observer in
            self.mergeInner(into: observer) { value in (transform(value), false) }
            return nil
        }
    }

    /// Merges a signal of signals: every inner signal's values as they are sent.
    @inlinable
    public func flatten<Inner: Sendable>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
        flattenMap { $0 }
    }
}
