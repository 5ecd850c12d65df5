extension LazyList: ReactiveStream {
    public typealias Family = LazyListFamily

    /// The empty list.
    public static func empty() -> LazyList {
        LazyList { nil }
    }

    /// A list of one element.
    public static func just(_ value: Element) -> LazyList {
        LazyList(head: value, tail: .empty())
    }

    /// Maps each element to a list and concatenates them, lazily; see `ReactiveStream.bind(_:)`.
    public func bind<Result: ReactiveStream>(
        _ makeTransform: @escaping @Sendable () -> (Element, inout Bool) -> Result?
    ) -> Result where Result.Family == LazyListFamily {
        let source = self
        let bound = LazyList<Result.Element> {
            let transform = SerialBox(makeTransform())
            let start = BindState<Element, Result.Element>(outer: source, inner: .empty(), stopped: false)
            return LazyList<Result.Element>(state: start) { state in
                state.next { value, stop in transform.value(value, &stop).map(Self.unwrap) }
            }.uncons
        }
        return Self.wrap(bound)
    }

    /// This list's elements, then `other`'s.
    public func concat(_ other: LazyList) -> LazyList {
        LazyList(state: (self, other)) { lists in
            if let cell = lists.0.uncons { return (cell.head, (cell.tail, lists.1)) }
            return lists.1.uncons.map { cell in (cell.head, (cell.tail, LazyList.empty())) }
        }
    }

    public func zip<Other: ReactiveStream, Result: ReactiveStream>(with other: Other) -> Result
    where Other.Family == LazyListFamily, Result.Family == LazyListFamily, Result.Element == (Element, Other.Element) {
        Self.wrap(zip(with: Self.unwrap(other)))
    }

    /// Pairs the n-th elements of two lists; as long as the shorter one.
    public func zip<Other: Sendable>(with other: LazyList<Other>) -> LazyList<(Element, Other)> {
        LazyList<(Element, Other)>(state: (self, other)) { lists in
            guard let left = lists.0.uncons, let right = lists.1.uncons else { return nil }
            return ((left.head, right.head), (left.tail, right.tail))
        }
    }

    static func unwrap<S: ReactiveStream>(_ stream: S) -> LazyList<S.Element> where S.Family == LazyListFamily {
        guard let list = stream as? LazyList<S.Element> else {
            preconditionFailure("only LazyList belongs to LazyListFamily; \(S.self) does not")
        }
        return list
    }

    static func wrap<S: ReactiveStream>(_ list: LazyList<S.Element>) -> S where S.Family == LazyListFamily {
        guard let stream = list as? S else {
            preconditionFailure("only LazyList belongs to LazyListFamily; \(S.self) does not")
        }
        return stream
    }
}

/// Where a lazy `bind` stands: the rest of the source, the inner list being read, and
/// whether the transform asked to stop.
struct BindState<Outer: Sendable, Inner: Sendable>: Sendable {
    var outer: LazyList<Outer>
    var inner: LazyList<Inner>
    var stopped: Bool

    /// The next element and the state after it, pulling new inner lists as needed (iteratively,
    /// so long runs of empty inner lists do not recurse).
    func next(_ transform: (Outer, inout Bool) -> LazyList<Inner>?) -> (Inner, BindState)? {
        var state = self
        while true {
            if let cell = state.inner.uncons {
                return (cell.head, BindState(outer: state.outer, inner: cell.tail, stopped: state.stopped))
            }
            guard !state.stopped, let outerCell = state.outer.uncons else { return nil }
            var stop = false
            guard let inner = transform(outerCell.head, &stop) else { return nil }
            state = BindState(outer: outerCell.tail, inner: inner, stopped: stop)
        }
    }
}
