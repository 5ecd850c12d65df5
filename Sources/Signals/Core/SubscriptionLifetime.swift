public import Synchronization

/// The state of one subscription: active until it terminates or is disposed.
///
/// It is the disposable `subscribe` returns. It owns the upstream disposable (the
/// one the signal's start handler returned), not the observer, so holding it
/// keeps no closures alive once the subscription has ended.
///
/// Both its states are atomics, not locks: a subscription is created and ended on every
/// `subscribe`/`dispose`, so this is on the hot path of subscription-heavy code.
@usableFromInline
final class SubscriptionLifetime: Disposable, @unchecked Sendable {
    @usableFromInline
    enum Phase {
        @usableFromInline static let active: UInt8 = 0
        @usableFromInline static let terminated: UInt8 = 1
        @usableFromInline static let disposed: UInt8 = 2
    }

    /// States of the upstream slot.
    @usableFromInline
    enum Slot {
        @usableFromInline static let empty: UInt8 = 0
        @usableFromInline static let holding: UInt8 = 1
        @usableFromInline static let ended: UInt8 = 2
        /// A thread is writing `upstreamDisposable`; others wait the few instructions it takes.
        @usableFromInline static let writing: UInt8 = 3
    }

    @usableFromInline
    let phase = Atomic<UInt8>(Phase.active)
    @usableFromInline
    let slot = Atomic<UInt8>(Slot.empty)
    /// Written only by the thread that moved `slot` to `writing` or from `holding` to `ended`.
    @usableFromInline
    @exclusivity(unchecked)
    var upstreamDisposable: (any Disposable)?

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

    /// Stops delivery at once but leaves the upstream work for a later `dispose()`
    /// (`subscribeOn` disposes the upstream on its scheduler).
    @inlinable
    func stopDelivery() {
        _ = phase.compareExchange(
            expected: Phase.active, desired: Phase.disposed, ordering: .acquiringAndReleasing)
    }

    /// Records the start handler's disposable; disposes it at once if the subscription already ended.
    /// A second attach (a start handler that also subscribes its own observer elsewhere) keeps both.
    @inlinable
    func attach(_ disposable: (any Disposable)?) {
        // Re-subscribing the same observer returns this lifetime; it must not own itself.
        guard let disposable, disposable !== self else { return }
        while true {
            let current = slot.load(ordering: .acquiring)
            if current == Slot.ended {
                disposable.dispose()
                return
            }
            if current == Slot.writing { continue }
            guard slot.compareExchange(expected: current, desired: Slot.writing, ordering: .acquiringAndReleasing).exchanged
            else { continue }
            if current == Slot.holding, let existing = upstreamDisposable {
                upstreamDisposable = CompositeDisposable([existing, disposable])
            } else {
                upstreamDisposable = disposable
            }
            slot.store(Slot.holding, ordering: .releasing)
            return
        }
    }

    /// Disposes the upstream work, once.
    @inlinable
    func endUpstream() {
        while true {
            let current = slot.load(ordering: .acquiring)
            if current == Slot.ended { return }
            if current == Slot.writing { continue }
            guard slot.compareExchange(expected: current, desired: Slot.ended, ordering: .acquiringAndReleasing).exchanged
            else { continue }
            if current == Slot.holding, let disposable = upstreamDisposable {
                upstreamDisposable = nil
                disposable.dispose()
            }
            return
        }
    }
}
