/// The operations shared by push-driven signals and pull-driven lazy lists, as RAC's `RACStream`.
///
/// A stream is a monad: `empty`, `just`, `bind`, `concat` and `zip(with:)` are the
/// primitives, and the shared operators (`flattenMap`, `flatten`, `filter`, `take`,
/// `skip`, `takeWhile`, `skipWhile`, `distinctUntilChanged`, `startWith`, …) are built
/// from them in protocol extensions. Conforming types may override an operator with a
/// faster implementation of the same behaviour.
///
/// Swift has no higher-kinded types, so streams that can bind into each other share a
/// `Family` (`SignalFamily<Failure>` for signals, `LazyListFamily` for lazy lists).
public protocol ReactiveStream<Element>: Sendable {
    /// The type of the stream's values.
    associatedtype Element: Sendable
    /// The kind of stream; `bind` maps into streams of the same family.
    associatedtype Family

    /// A stream with no values.
    static func empty() -> Self

    /// A stream with exactly one value (RAC's `return:`).
    static func just(_ value: Element) -> Self

    /// Maps each value to a stream and flattens the results — concatenated for lazy lists,
    /// merged for signals.
    ///
    /// `makeTransform` runs once per evaluation (per subscription for a signal) and returns
    /// the transform, which may keep state across values. The transform returns the stream
    /// for a value, or `nil` to end the result at once; setting `stop` to `true` ends it
    /// after the returned stream.
    func bind<Result: ReactiveStream>(
        _ makeTransform: @escaping @Sendable () -> (Element, inout Bool) -> Result?
    ) -> Result where Result.Family == Family

    /// This stream's values, then `other`'s.
    func concat(_ other: Self) -> Self

    /// Pairs the values of two streams in order; ends when either has no more pairs to make.
    func zip<Other: ReactiveStream, Result: ReactiveStream>(with other: Other) -> Result
    where Other.Family == Family, Result.Family == Family, Result.Element == (Element, Other.Element)
}

/// The family of `Signal`s with the error type `Failure`.
public enum SignalFamily<Failure: Error> {}

/// The family of `LazyList`s.
public enum LazyListFamily {}
