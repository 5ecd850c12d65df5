import Synchronization

/// The shared state of a `Command` under a lock, and the subjects it publishes on.
///
/// Subscriber code never runs under the lock: state changes are made under it, then
/// `publish()` sends what changed, one publisher at a time.
final class CommandStorage<Output: Sendable, Failure: Error>: Sendable {
    let state: Locked<CommandState>
    let executing = ReplaySubject<Bool, Never>(capacity: 1)
    let enabled = ReplaySubject<Bool, Never>(capacity: 1)
    let executionSignals = Subject<Signal<Output, Never>, Never>()
    let errors = Subject<Failure, Never>()

    init(allowsConcurrentExecution: Bool) {
        state = Locked(CommandState(allowsConcurrentExecution: allowsConcurrentExecution))
    }

    /// A snapshot of the state.
    var current: CommandState {
        state.withLock { $0 }
    }

    /// Starts counting an execution, or returns the error that refuses it.
    func beginExecution() -> CommandError<Failure>? {
        let refusal = state.withLock { $0.beginExecution() }
        publish()
        return refusal.map { CommandError(.notEnabled, $0) }
    }

    func endExecution() {
        state.withLock { $0.endExecution() }
        publish()
    }

    func setEnabledInput(_ value: Bool) {
        state.withLock { $0.setEnabledInput(value) }
        publish()
    }

    /// Sends the changes of `executing` and `enabled`, unless another call is already
    /// doing so (it will pick these changes up).
    func publish() {
        guard state.withLock({ $0.claimPublishing() }) else { return }
        while let changes = state.withLock({ $0.nextChanges() }) {
            if let value = changes.executing { executing.send(value) }
            if let value = changes.enabled { enabled.send(value) }
        }
    }
}
