extension ReactiveStream {
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
}
