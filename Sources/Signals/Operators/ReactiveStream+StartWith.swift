extension ReactiveStream {
    /// `value`, then this stream's values.
    @inlinable
    public func startWith(_ value: Element) -> Self {
        Self.just(value).concat(self)
    }
}
