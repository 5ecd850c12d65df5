public import Synchronization

/// The state of one subscription: active until it terminates or is disposed.
///
/// It is the disposable `subscribe` returns. It owns the upstream disposable (the
/// one the signal's start handler returned), not the observer, so holding it
/// keeps no closures alive once the subscription has ended.
@usableFromInline
final class SubscriptionLifetime: Disposable {
    @usableFromInline
    enum Phase {
        @usableFromInline static let active: UInt8 = 0
        @usableFromInline static let terminated: UInt8 = 1
        @usableFromInline static let disposed: UInt8 = 2
    }

    @usableFromInline
    enum Upstream {
        case none
        case one(any Disposable)
        case many([any Disposable])
        case ended
    }

    @usableFromInline
    let phase = Atomic<UInt8>(Phase.active)
    @usableFromInline
    let upstream = Mutex<Upstream>(.none)

    @inlinable
    init() {}

    /// Whether events may still be delivered.
    @inlinable
    var isActive: Bool {
        phase.load(ordering: .acquiring) == Phase.active
    }

    @inlinable
    var isDisposed: Bool {
        !isActive
    }

    /// Moves to `terminated`; returns whether this call did it (only the first terminal event may pass).
    @inlinable
    func beginTermination() -> Bool {
        phase.compareExchange(
            expected: Phase.active, desired: Phase.terminated, ordering: .acquiringAndReleasing
        ).exchanged
    }

    @inlinable
    func dispose() {
        _ = phase.compareExchange(
            expected: Phase.active, desired: Phase.disposed, ordering: .acquiringAndReleasing)
        endUpstream()
    }

    /// Records the start handler's disposable; disposes it at once if the subscription already ended.
    ///
    /// Disposables attached earlier are kept, not replaced: a start handler that subscribes its
    /// observer to another signal (`Signal { observer in other.subscribe(observer) }`) attaches
    /// that subscription too, and both must end with this one. Attaching itself does nothing.
    @inlinable
    func attach(_ disposable: (any Disposable)?) {
        guard let disposable, disposable !== self else { return }
        let accepted = upstream.withLock { upstream in
            switch upstream {
            case .ended:
                return false
            case .none:
                upstream = .one(disposable)
            case .one(let first):
                if first !== disposable { upstream = .many([first, disposable]) }
            case .many(var all):
                upstream = .none
                if !all.contains(where: { $0 === disposable }) { all.append(disposable) }
                upstream = .many(all)
            }
            return true
        }
        if !accepted { disposable.dispose() }
    }

    /// Disposes the upstream work, once.
    @inlinable
    func endUpstream() {
        let previous = upstream.withLock { upstream in
            defer { upstream = .ended }
            return upstream
        }
        switch previous {
        case .one(let disposable): disposable.dispose()
        case .many(let all): for disposable in all { disposable.dispose() }
        case .none, .ended: break
        }
    }
}
