/// What a subscription's lifetime holds of the subject whose list it is in: a reference it
/// does not retain, and the function that takes its receiver out of the list.
///
/// The non-generic base of `SubjectCore`. A lifetime cannot name the subject's types, and
/// a class method overridden in the generic subclass would run unspecialized; the stored
/// function is made where the subject is created, specialized there when that code is.
///
/// The lifetime holds the subject unretained (`SubscriptionLifetime.Upstream.subject`):
/// retaining it cost one atomic increment per subscription and one decrement per disposal
/// (B6), and kept the subject alive as long as any subscription was. What keeps the
/// reference valid instead is that the subject, before it goes and before it delivers its
/// terminating event, makes every lifetime in its list forget it
/// (`SubscriptionLifetime.forgetSubject()`), and waits for the removals already under way
/// (`SubjectCore.deinit`).
@usableFromInline
class SubjectLink: @unchecked Sendable {
    /// Takes the receiver of a lifetime out of the subject's list; the first argument is
    /// the subject itself.
    @usableFromInline
    let removeReceiver: @Sendable (SubjectLink, SubscriptionLifetime) -> Void

    @inlinable
    init(removeReceiver: @escaping @Sendable (SubjectLink, SubscriptionLifetime) -> Void) {
        self.removeReceiver = removeReceiver
    }
}
