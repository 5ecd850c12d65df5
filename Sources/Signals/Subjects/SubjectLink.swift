/// What a subscription made with closures holds of its subject: the subject's list, not
/// the subject, and unretained.
///
/// Retaining the subject cost one atomic increment per subscription and one decrement per
/// disposal (B6), and kept a subject that nobody could send to alive, with every
/// subscriber's closures, as long as one subscription was not disposed. The lifetime holds
/// this link instead, which shares the subject's locked state (list, queue, replay buffer),
/// and the link counts, under the same spin lock, the lifetimes that hold it
/// (`SubjectCore.State.links`): a subscription adds one when it joins, and leaving
/// subtracts one, inside the lock both already take, so no atomic operation is added.
///
/// When the subject goes (`SubjectCore.deinit`) it marks the state gone and lets go of
/// the receivers; if lifetimes still hold the link, it gives the link one retain, which the
/// last of them to leave releases. A lifetime freed without having left leaves in its own
/// `deinit`. Nothing waits, and whatever a disposing thread does with the link it does while
/// its own count keeps the link alive: unoptimized code retains what it reaches through
/// the unretained reference, and that retain is balanced before the count is given up.
///
/// The non-generic base, which a lifetime can name, with the removal as a function made
/// where the subject is created, specialized there when that code is.
@usableFromInline
class SubjectLink: @unchecked Sendable {
    /// Takes the lifetime's receiver out of the list if it is there, and gives up the
    /// lifetime's count; returns whether that was the last count of a subject that is
    /// gone (the caller then releases the link's retain). The first argument is the link.
    @usableFromInline
    let leaveList: @Sendable (SubjectLink, SubscriptionLifetime) -> Bool

    @inlinable
    init(leaveList: @escaping @Sendable (SubjectLink, SubscriptionLifetime) -> Bool) {
        self.leaveList = leaveList
    }
}

/// The link of a `SubjectCore<Value, Failure>`: its state, shared.
@usableFromInline
final class SubjectListLink<Value: Sendable, Failure: Error>: SubjectLink, @unchecked Sendable {
    @usableFromInline
    let state: SpinLocked<SubjectCore<Value, Failure>.State>

    @inlinable
    init(state: SpinLocked<SubjectCore<Value, Failure>.State>) {
        self.state = state
        super.init { link, lifetime in
            SubjectCore.leave(unsafeDowncast(link, to: SubjectListLink<Value, Failure>.self).state, lifetime, counted: true)
        }
    }
}
