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
}
