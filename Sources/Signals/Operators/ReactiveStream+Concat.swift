extension ReactiveStream {
    /// Concatenates `streams` in order (the two-stream `concat(_:)` is a primitive of
    /// `ReactiveStream`).
    @inlinable
    public static func concat<Streams: Sequence>(_ streams: Streams) -> Self where Streams.Element == Self {
        streams.reduce(Self.empty()) { $0.concat($1) }
    }
}
