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

    /// Keeps the values that satisfy `isIncluded`.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Self {
        flattenMap { value in isIncluded(value) ? Self.just(value) : Self.empty() }
    }

    /// The first `count` values.
    @inlinable
    public func take(_ count: Int) -> Self {
        guard count > 0 else { return Self.empty() }
        return bind {
            var taken = 0
            return { value, stop in
                taken += 1
                if taken >= count { stop = true }
                return Self.just(value)
            }
        }
    }

    /// All values but the first `count`.
    @inlinable
    public func skip(_ count: Int) -> Self {
        bind {
            var skipped = 0
            return { value, _ in
                guard skipped >= count else {
                    skipped += 1
                    return Self.empty()
                }
                return Self.just(value)
            }
        }
    }

    /// Values while `predicate` holds; ends at the first that fails it.
    @inlinable
    public func takeWhile(_ predicate: @escaping @Sendable (Element) -> Bool) -> Self {
        bind { { value, _ in predicate(value) ? Self.just(value) : nil } }
    }

    /// Drops values while `predicate` holds, then passes everything.
    @inlinable
    public func skipWhile(_ predicate: @escaping @Sendable (Element) -> Bool) -> Self {
        bind {
            var skipping = true
            return { value, _ in
                if skipping && predicate(value) { return Self.empty() }
                skipping = false
                return Self.just(value)
            }
        }
    }

    /// `value`, then this stream's values.
    @inlinable
    public func startWith(_ value: Element) -> Self {
        Self.just(value).concat(self)
    }

    /// Replaces every value with `value`.
    @inlinable
    public func mapReplace(_ value: Element) -> Self {
        flattenMap { _ in Self.just(value) }
    }

    /// Concatenates `streams` in order.
    @inlinable
    public static func concat<Streams: Sequence>(_ streams: Streams) -> Self where Streams.Element == Self {
        streams.reduce(Self.empty()) { $0.concat($1) }
    }
}

extension ReactiveStream where Element: Equatable {
    /// Drops values equal to the one before them.
    @inlinable
    public func distinctUntilChanged() -> Self {
        bind {
            var last: Element?
            return { value, _ in
                defer { last = value }
                return last == value ? Self.empty() : Self.just(value)
            }
        }
    }

    /// Drops values equal to `value`.
    @inlinable
    public func ignore(_ value: Element) -> Self {
        filter { $0 != value }
    }
}

extension ReactiveStream where Element: ReactiveStream, Element.Family == Family {
    /// Flattens a stream of streams: lazy lists are concatenated, signals are merged.
    @inlinable
    public func flatten() -> Element {
        flattenMap { $0 }
    }
}
