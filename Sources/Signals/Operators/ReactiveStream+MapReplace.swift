extension ReactiveStream {
    /// Replaces every value with `value`.
    @inlinable
    public func mapReplace(_ value: Element) -> Self {
        flattenMap { _ in Self.just(value) }
    }
}
