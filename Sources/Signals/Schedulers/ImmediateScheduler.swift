/// Runs every action at once, on the calling thread, before `schedule` returns.
///
/// It is the only synchronous scheduler. It does not tell time, so it is not a
/// `DateScheduler`.
public final class ImmediateScheduler: Scheduler {
    /// The shared immediate scheduler.
    public static let shared = ImmediateScheduler()

    /// Creates an immediate scheduler.
    public init() {}

    /// Runs `action` now and returns an already-disposed disposable.
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        action()
        let done = ActionDisposable()
        done.dispose()
        return done
    }
}
