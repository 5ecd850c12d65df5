extension ReactiveStream {
    /// Maps each value to a stream of the same family and flattens them
    /// (concatenated lists, merged signals).
    ///
    /// ```swift
    /// let numbers = ["1", "2", "3"].lazyList
    /// numbers.flattenMap { [$0, $0].lazyList }.array   // ["1", "1", "2", "2", "3", "3"]
    /// ```
    @inlinable
    public func flattenMap<Result: ReactiveStream>(
        _ transform: @escaping @Sendable (Element) -> Result
    ) -> Result where Result.Family == Family {
        bind { { value, _ in transform(value) } }
    }
}

extension Signal {
    /// Maps each value to a signal and merges their values, in the order they are sent.
    ///
    /// Completes when this signal and every inner signal have completed; fails with the
    /// first error. (The same as `ReactiveStream.flattenMap`, specialized for signals: it
    /// skips `bind`'s per-value stop flag and family casts.)
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
}
