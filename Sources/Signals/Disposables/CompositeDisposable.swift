import Synchronization

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
    private enum State {
        case active([ObjectIdentifier: any Disposable])
        case disposed
    }

    private let state: Locked<State>

    /// Creates a composite holding `disposables`.
    public init(_ disposables: [any Disposable] = []) {
        var members: [ObjectIdentifier: any Disposable] = [:]
        for disposable in disposables {
            members[ObjectIdentifier(disposable)] = disposable
        }
        state = Locked(.active(members))
    }

    public var isDisposed: Bool {
        state.withLock { state in
            if case .disposed = state { true } else { false }
        }
    }

    /// The number of members not yet disposed or removed.
    public var count: Int {
        state.withLock { state in
            if case .active(let members) = state { members.count } else { 0 }
        }
    }

    /// Adds a member; disposes it at once if this composite is already disposed.
    /// Adding `nil` does nothing.
    public func add(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        let added = state.withLock { state in
            guard case .active(var members) = state else { return false }
            members[ObjectIdentifier(disposable)] = disposable
            state = .active(members)
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
            guard case .active(var members) = state else { return }
            members[ObjectIdentifier(disposable)] = nil
            state = .active(members)
        }
    }

    public func dispose() {
        let members = state.withLock { state -> [ObjectIdentifier: any Disposable] in
            guard case .active(let members) = state else { return [:] }
            state = .disposed
            return members
        }
        for member in members.values { member.dispose() }
    }
}
