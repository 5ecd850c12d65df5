extension ReactiveStream {
    /// Keeps the values that satisfy `isIncluded`.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Self {
        flattenMap { value in isIncluded(value) ? Self.just(value) : Self.empty() }
    }
}
