extension ReactiveStream {
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
}
