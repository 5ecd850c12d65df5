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
        case some(any Disposable)
        case ended
    }

    @usableFromInline
    let phase = Atomic<UInt8>(Phase.active)
    @usableFromInline
    let upstream = Locked<Upstream>(.none)

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
    /// A second attach (a start handler that subscribes its own observer elsewhere, as
    /// `doFinally` does) keeps both disposables.
    @inlinable
    func attach(_ disposable: (any Disposable)?) {
        // Re-subscribing the same observer returns this lifetime; it must not own itself.
        guard let disposable, disposable !== self else { return }
        let accepted = upstream.withLock { upstream in
            switch upstream {
            case .ended: return false
            case .none: upstream = .some(disposable)
            case .some(let existing): upstream = .some(CompositeDisposable([existing, disposable]))
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
        if case .some(let disposable) = previous { disposable.dispose() }
    }
}
