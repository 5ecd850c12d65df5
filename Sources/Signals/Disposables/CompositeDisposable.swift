/// A disposable that disposes a group of disposables together.
///
/// Adding to a composite that is already disposed disposes the new member at once.
///
/// ```swift
/// let all = CompositeDisposable()
/// all.add(first.subscribeNext { print($0) })
/// all.add(second.subscribeNext { print($0) })
/// all.dispose()   // ends both subscriptions
/// ```
public final class CompositeDisposable: Disposable {
    private struct State {
        var members: [ObjectIdentifier: any Disposable] = [:]
        var isDisposed = false
    }

    private let state: Locked<State>

    /// Creates a composite holding `disposables`.
    public init(_ disposables: [any Disposable] = []) {
        var initial = State()
        for disposable in disposables {
            initial.members[ObjectIdentifier(disposable)] = disposable
        }
        state = Locked(initial)
    }

    public var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    /// The number of members not yet disposed or removed.
    public var count: Int {
        state.withLock { $0.members.count }
    }

    /// Adds a member; disposes it at once if this composite is already disposed.
    /// Adding `nil` does nothing.
    public func add(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        let added = state.withLock { state in
            guard !state.isDisposed else { return false }
            state.members[ObjectIdentifier(disposable)] = disposable
            return true
        }
        if !added { disposable.dispose() }
    }

    /// Adds a closure to run when the composite is disposed.
    public func add(_ action: @escaping @Sendable () -> Void) {
        add(ActionDisposable(action))
    }

    /// Removes a member without disposing it.
    public func remove(_ disposable: any Disposable) {
        state.withLock { state in
            state.members[ObjectIdentifier(disposable)] = nil
        }
    }

    public func dispose() {
        let members = state.withLock { state -> [ObjectIdentifier: any Disposable] in
            guard !state.isDisposed else { return [:] }
            state.isDisposed = true
            defer { state.members = [:] }
            return state.members
        }
        for member in members.values { member.dispose() }
    }
}
