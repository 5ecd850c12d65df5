import Synchronization

/// A pull-driven, immutable list whose elements are computed lazily, at most once each
/// (RAC's `RACSequence`).
///
/// Nothing is computed until an element is asked for; each element, once computed, is
/// kept, so walking the list again (from any thread) computes nothing more. Lists may be
/// infinite as long as only a finite prefix is read.
///
/// ```swift
/// let letters = "A B C D E F G H I".split(separator: " ").map(String.init).lazyList
/// letters.map { $0 + $0 }.array   // ["AA", "BB", "CC", …, "II"]
/// ```
public struct LazyList<Element: Sendable>: Sendable {
    /// One cell: a head and the rest of the list.
    public typealias Cell = (head: Element, tail: LazyList)

    @usableFromInline
    let node: Node

    /// Creates a list whose cells come from `next`, evaluated the first time the list is read.
    /// `next` returns `nil` for an empty list.
    public init(_ next: @escaping @Sendable () -> Cell?) {
        node = Node(.pending(next))
    }

    /// Creates a list of `head` followed by `tail`, which is evaluated only when needed.
    public init(head: Element, tail: @escaping @Sendable @autoclosure () -> LazyList) {
        self.init { (head, tail()) }
    }

    /// Creates a list by repeatedly applying `next` to a state, until it returns `nil`.
    ///
    /// ```swift
    /// LazyList(state: 1) { n in (n, n * 2) }.take(5).array   // [1, 2, 4, 8, 16]
    /// ```
    public init<State: Sendable>(state: State, next: @escaping @Sendable (State) -> (Element, State)?) {
        self.init {
            next(state).map { element, nextState in (element, LazyList(state: nextState, next: next)) }
        }
    }

    /// The first cell, computing it if needed; `nil` for an empty list.
    public var uncons: Cell? {
        node.evaluate()
    }

    /// The first element, or `nil` when the list is empty.
    public var head: Element? {
        uncons?.head
    }

    /// Everything after the first element; the tail of an empty list is empty.
    public var tail: LazyList {
        uncons?.tail ?? .empty()
    }

    /// Whether the list has no elements (computes the first cell).
    public var isEmpty: Bool {
        uncons == nil
    }

    /// Every element, in order. Never returns for an infinite list.
    public var array: [Element] {
        Array(self)
    }

    /// The first element; a clear error when the list is empty.
    public func first() throws(LazyListError) -> Element {
        guard let head else { throw LazyListError(.empty, "first() was called on an empty LazyList") }
        return head
    }

    /// The element at `index` (counting from 0); a clear error when the list is shorter.
    public func element(at index: Int) throws(LazyListError) -> Element {
        guard index >= 0 else {
            throw LazyListError(.indexOutOfRange, "element(at: \(index)): the index must not be negative")
        }
        var cell = uncons
        var position = 0
        while let current = cell {
            if position == index { return current.head }
            position += 1
            cell = current.tail.uncons
        }
        throw LazyListError(.indexOutOfRange, "element(at: \(index)): the list has only \(position) elements")
    }

    /// Transforms each element, lazily.
    public func map<NewElement: Sendable>(_ transform: @escaping @Sendable (Element) -> NewElement) -> LazyList<NewElement> {
        LazyList<NewElement>(state: self) { list in
            list.uncons.map { cell in (transform(cell.head), cell.tail) }
        }
    }
}

extension LazyList {
    /// Memoizes one cell: computed on first use, under the node's lock, exactly once.
    @usableFromInline
    final class Node: Sendable {
        enum State {
            case pending(@Sendable () -> Cell?)
            case evaluating
            case evaluated(Cell?)
        }

        private let state: Locked<State>

        init(_ state: State) {
            self.state = Locked(state)
        }

        func evaluate() -> Cell? {
            state.withLock { state in
                switch state {
                case .evaluated(let cell):
                    return cell
                case .evaluating:
                    preconditionFailure("LazyList: an element was read while it was being computed (the list depends on itself)")
                case .pending(let next):
                    state = .evaluating
                    let cell = next()
                    state = .evaluated(cell)
                    return cell
                }
            }
        }
    }
}

extension LazyList: Sequence {
    /// Walks the list; elements are computed as the iterator reaches them.
    public struct Iterator: IteratorProtocol {
        var rest: LazyList

        public mutating func next() -> Element? {
            guard let cell = rest.uncons else { return nil }
            rest = cell.tail
            return cell.head
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(rest: self)
    }
}

/// A misuse of `LazyList`: reading past its end.
public struct LazyListError: Error, CustomStringConvertible, Equatable {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind { case empty, indexOutOfRange }
        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The list has no elements.
        public static let empty = Code(.empty)
        /// The list has fewer elements than the index asked for.
        public static let indexOutOfRange = Code(.indexOutOfRange)

        public var description: String {
            switch kind {
            case .empty: "empty"
            case .indexOutOfRange: "indexOutOfRange"
            }
        }
    }

    /// What went wrong.
    public let code: Code
    /// A sentence for people.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "LazyListError.\(code): \(message)" }
}

extension Sequence where Element: Sendable {
    /// This sequence as a lazy list: elements are pulled from the sequence as the list is read.
    ///
    /// ```swift
    /// let numbers = "1 2 3 4 5 6 7 8 9".split(separator: " ").map(String.init).lazyList
    /// ```
    public var lazyList: LazyList<Element> {
        let iterator = SerialBox(AnyIterator(makeIterator()))
        return LazyList(pulling: iterator)
    }
}

extension LazyList {
    /// Each node advances the shared iterator once. Node k's thunk exists only after node k−1 was
    /// evaluated, so the iterator is advanced in order and never concurrently.
    init(pulling iterator: SerialBox<AnyIterator<Element>>) {
        self.init {
            iterator.value.next().map { ($0, LazyList(pulling: iterator)) }
        }
    }
}
