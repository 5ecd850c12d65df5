extension ReactiveStream {
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
}
