extension ReactiveStream {
    /// Values while `predicate` holds; ends at the first that fails it.
    @inlinable
    public func takeWhile(_ predicate: @escaping @Sendable (Element) -> Bool) -> Self {
        bind { { value, _ in predicate(value) ? Self.just(value) : nil } }
    }
}
