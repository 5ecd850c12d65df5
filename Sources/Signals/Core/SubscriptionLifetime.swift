public import Synchronization

/// The state of one subscription: active until it terminates or is disposed.
///
/// It is the disposable `subscribe` returns. It owns the upstream work (the disposable the
/// signal's start handler returned, or its place in a subject's list), not the observer's
/// closures, so holding it keeps no closures alive once the subscription has ended.
///
/// Its whole state is one atomic byte, not a lock: a subscription is created and ended on
/// every `subscribe`/`dispose`, so this is on the hot path of subscription-heavy code, and
/// `dispose()` ends delivery and takes the upstream with a single compare-and-exchange.
@usableFromInline
final class SubscriptionLifetime: Disposable, @unchecked Sendable {
    /// The low two bits of the state: whether events may still be delivered.
    @usableFromInline
    enum Phase {
        @usableFromInline static let mask: UInt8 = 0b0011
        @usableFromInline static let active: UInt8 = 0
        @usableFromInline static let terminated: UInt8 = 1
        @usableFromInline static let disposed: UInt8 = 2
    }

    /// The next two bits of the state: what the upstream slot holds.
    @usableFromInline
    enum Slot {
        @usableFromInline static let mask: UInt8 = 0b1100
        @usableFromInline static let empty: UInt8 = 0b0000
        @usableFromInline static let holding: UInt8 = 0b0100
        @usableFromInline static let ended: UInt8 = 0b1000
        /// A thread is writing `upstream`; others wait the few instructions it takes.
        @usableFromInline static let writing: UInt8 = 0b1100
    }

    /// The work a subscription ends when it ends.
    @usableFromInline
    enum Upstream: Sendable {
        /// The disposable a start handler returned.
        case disposable(any Disposable)
        /// Takes the subscription out of a subject's list. The closure captures only the
        /// subject, so making it allocates nothing, and its body is specialized. An
        /// observer's place in a subject's list: it retains the subject.
        case detach(@Sendable (SubscriptionLifetime) -> Void)
        /// A place in a subject's list held by a subscription made with closures: the
        /// subject's link, unretained and counted (see `SubjectLink`).
        case subject(Unmanaged<SubjectLink>)
    }

    @usableFromInline
    let state: Atomic<UInt8>
    /// Written only by the thread that moved the slot to `writing`, or from `holding` to `ended`.
    @usableFromInline
    @exclusivity(unchecked)
    var upstream: Upstream?

    @inlinable
    init() {
        state = Atomic(Phase.active | Slot.empty)
    }

    /// A lifetime whose upstream is a place in a subject's list, known before anyone else
    /// can see it. The link is not retained; the subject counts the lifetime when the
    /// receiver joins (`SubjectCore.start(_:holdsLink:)`).
    @inlinable
    init(subject: Unmanaged<SubjectLink>) {
        state = Atomic(Phase.active | Slot.holding)
        upstream = .subject(subject)
    }

    /// A lifetime still holding a subject's link when it is freed (its subject went and let
    /// go of its receiver, and it was never disposed) gives up its count.
    deinit {
        if case .subject(let link)? = upstream { Upstream.leave(link, self) }
    }

    /// Whether events may still be delivered.
    @inlinable
    var isActive: Bool {
        state.load(ordering: .acquiring) & Phase.mask == Phase.active
    }

    @inlinable
    var isDisposed: Bool {
        !isActive
    }

    /// Moves to `terminated`; returns whether this call did it (only the first terminal event may pass).
    @inlinable
    func beginTermination() -> Bool {
        update { $0 & Phase.mask == Phase.active ? $0 | Phase.terminated : nil }
    }

    /// Stops delivery and ends the upstream work, once.
    @inlinable
    func dispose() {
        end(stoppingDelivery: true)
    }

    /// Stops delivery at once but leaves the upstream work for a later `dispose()`
    /// (`subscribeOn` disposes the upstream on its scheduler).
    @inlinable
    func stopDelivery() {
        _ = update { $0 & Phase.mask == Phase.active ? $0 | Phase.disposed : nil }
    }

    /// Ends the upstream work, once, leaving the phase as it is.
    @inlinable
    func endUpstream() {
        end(stoppingDelivery: false)
    }

    /// Moves the slot to `ended` (and an active phase to `disposed` if asked) in one step,
    /// then ends what the slot held.
    @inlinable
    func end(stoppingDelivery: Bool) {
        var current = state.load(ordering: .acquiring)
        while true {
            let slot = current & Slot.mask
            var phase = current & Phase.mask
            if stoppingDelivery && phase == Phase.active { phase = Phase.disposed }
            // While another thread writes the slot, only the phase changes; then wait for it.
            let desired = phase | (slot == Slot.writing ? Slot.writing : Slot.ended)
            if desired == current {
                guard slot == Slot.writing else { return }
                current = state.load(ordering: .acquiring)
                continue
            }
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: desired, ordering: .acquiringAndReleasing)
            guard exchanged else {
                current = original
                continue
            }
            if slot == Slot.writing {
                current = desired
                continue
            }
            if slot == Slot.holding { takeUpstream()?.end(self) }
            return
        }
    }

    /// Records the start handler's disposable; disposes it at once if the subscription already ended.
    /// A second attach (a start handler that also subscribes its own observer elsewhere) keeps both.
    @inlinable
    func attach(_ disposable: (any Disposable)?) {
        // Re-subscribing the same observer returns this lifetime; it must not own itself.
        guard let disposable, disposable !== self else { return }
        attach(.disposable(disposable))
    }

    /// Records `upstream`; ends it at once if the subscription already ended.
    @inlinable
    func attach(_ upstream: Upstream) {
        var current = state.load(ordering: .acquiring)
        while true {
            let slot = current & Slot.mask
            if slot == Slot.ended { return upstream.end(self) }
            if slot == Slot.writing {
                current = state.load(ordering: .acquiring)
                continue
            }
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: (current & Phase.mask) | Slot.writing, ordering: .acquiringAndReleasing)
            if exchanged { break }
            current = original
        }
        if current & Slot.mask == Slot.holding, let existing = self.upstream {
            self.upstream = .disposable(CompositeDisposable([existing.disposable(for: self), upstream.disposable(for: self)]))
        } else {
            self.upstream = upstream
        }
        // `writing` → `holding`, keeping a phase another thread set meanwhile.
        _ = state.bitwiseAnd(~(Slot.writing ^ Slot.holding), ordering: .releasing)
    }

    /// Takes what the slot held; called once, by the thread that moved it from `holding` to `ended`.
    @inlinable
    func takeUpstream() -> Upstream? {
        upstream.take()
    }

    /// Applies `transform` to the state atomically, retrying on contention; `transform`
    /// returns `nil` to leave the state as it is. Returns whether the state changed.
    @inlinable
    func update(_ transform: (UInt8) -> UInt8?) -> Bool {
        var current = state.load(ordering: .acquiring)
        while let desired = transform(current) {
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }
}

extension SubscriptionLifetime.Upstream {
    /// Ends the work: disposes the disposable, or leaves the subject.
    @inlinable
    func end(_ lifetime: SubscriptionLifetime) {
        switch self {
        case .disposable(let disposable): disposable.dispose()
        case .detach(let detach): detach(lifetime)
        case .subject(let link): Self.leave(link, lifetime)
        }
    }

    /// Takes `lifetime`'s receiver out of the list of `link`'s subject and gives up its
    /// count; releases the link's retain if the subject is gone and this was the last.
    @inlinable
    static func leave(_ link: Unmanaged<SubjectLink>, _ lifetime: SubscriptionLifetime) {
        if link._withUnsafeGuaranteedRef({ $0.leaveList($0, lifetime) }) { link.release() }
    }

    /// The work as a disposable, to keep beside another in a `CompositeDisposable`.
    @inlinable
    func disposable(for lifetime: SubscriptionLifetime) -> any Disposable {
        switch self {
        case .disposable(let disposable): disposable
        case .detach(let detach): ActionDisposable { detach(lifetime) }
        case .subject(let link): ActionDisposable { Self.leave(link, lifetime) }
        }
    }
}
