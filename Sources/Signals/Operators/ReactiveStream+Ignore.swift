extension ReactiveStream where Element: Equatable {
    /// Drops values equal to `value`.
    @inlinable
    public func ignore(_ value: Element) -> Self {
        filter { $0 != value }
    }
}
