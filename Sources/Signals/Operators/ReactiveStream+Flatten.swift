extension ReactiveStream where Element: ReactiveStream, Element.Family == Family {
    /// Flattens a stream of streams: lazy lists are concatenated, signals are merged.
    @inlinable
    public func flatten() -> Element {
        flattenMap { $0 }
    }
}

extension Signal {
    /// Merges a signal of signals: every inner signal's values as they are sent.
    @inlinable
    public func flatten<Inner: Sendable>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
        flattenMap { $0 }
    }
}
