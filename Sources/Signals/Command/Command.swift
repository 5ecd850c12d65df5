/// Runs a signal's work in response to an action, such as a button tap, and reports
/// whether it is running and whether it may run (RAC's `RACCommand`).
///
/// `execute(_:)` starts the work at once and shares it: the returned signal and
/// `executionSignals` both see every value. While an execution runs, the command is
/// disabled unless `allowsConcurrentExecution` is set; an `enabled` input signal can
/// disable it too. A disabled command refuses to start, with a `.notEnabled` error.
///
/// ```swift
/// let login = Command<Credentials, Session, LoginError>(enabled: formIsValid) { credentials in
///     api.login(credentials)
/// }
/// login.enabled.subscribeNext { button.isEnabled = $0 }
/// login.errors.subscribeNext { showAlert($0) }
/// login.execute(credentials).subscribeNext { session in open(session) }
/// ```
public final class Command<Input: Sendable, Output: Sendable, Failure: Error>: Sendable {
    private let work: @Sendable (Input) -> Signal<Output, Failure>
    private let storage: CommandStorage<Output, Failure>
    private let enabledInputSubscription = SerialDisposable()

    /// Creates a command.
    ///
    /// - Parameters:
    ///   - enabled: while its latest value is `false`, the command is disabled; until it
    ///     sends a value, the command counts it as `true`. `nil` means always `true`.
    ///   - allowsConcurrentExecution: whether `execute(_:)` may start while an earlier
    ///     execution still runs.
    ///   - execute: makes the work for one input; called once per allowed `execute(_:)`.
    public init(
        enabled: Signal<Bool, Never>? = nil,
        allowsConcurrentExecution: Bool = false,
        _ execute: @escaping @Sendable (Input) -> Signal<Output, Failure>
    ) {
        work = execute
        let storage = CommandStorage<Output, Failure>(allowsConcurrentExecution: allowsConcurrentExecution)
        self.storage = storage
        storage.publish()
        if let enabled {
            enabledInputSubscription.inner = enabled.subscribeNext { storage.setEnabledInput($0) }
        }
    }

    deinit {
        enabledInputSubscription.dispose()
    }

    /// Whether `execute(_:)` may start a new execution while one runs.
    public var allowsConcurrentExecution: Bool {
        storage.current.allowsConcurrentExecution
    }

    /// Starts the work for `input` at once, and returns a signal that replays all of its
    /// events to each subscriber. Disposing a subscription to it does not stop the work.
    ///
    /// If the command is disabled, nothing starts and the signal fails at once with a
    /// `.notEnabled` error. If the work fails, the signal fails with a `.failed` error
    /// carrying the work's error (which `errors` also sends).
    @discardableResult
    public func execute(_ input: Input) -> Signal<Output, CommandError<Failure>> {
        if let refusal = storage.beginExecution() { return .fail(refusal) }
        let results = ReplaySubject<Output, Failure>()
        storage.executionSignals.send(results.signal.completingOnError())
        work(input).subscribe(Observer(
            next: { results.send($0) },
            error: { [storage] error in
                storage.errors.send(error)
                storage.endExecution()
                results.send(error: error)
            },
            completed: { [storage] in
                storage.endExecution()
                results.sendCompleted()
            }
        ))
        return results.signal.mapFailureToCommandError()
    }

    /// Sends, for each execution, a signal of its values (its error replaced by completion)
    /// to the current subscribers. Each inner signal replays the execution from its start.
    ///
    /// ```swift
    /// command.executionSignals.flatten().subscribeNext { print($0) }   // every execution's values
    /// ```
    public var executionSignals: Signal<Signal<Output, Never>, Never> {
        storage.executionSignals.signal
    }

    /// Whether an execution is running: the current state on subscription, then each change.
    public var executing: Signal<Bool, Never> {
        storage.executing.signal
    }

    /// Whether `execute(_:)` would start: the current state on subscription, then each change.
    ///
    /// It is the `enabled` input's latest value (`true` until it sends one) and, unless
    /// concurrent execution is allowed, whether no execution is running.
    public var enabled: Signal<Bool, Never> {
        storage.enabled.signal
    }

    /// Sends the error of each execution that fails, to the current subscribers.
    public var errors: Signal<Failure, Never> {
        storage.errors.signal
    }

    /// Whether an execution is running now.
    public var isExecuting: Bool {
        storage.current.isExecuting
    }

    /// Whether `execute(_:)` would start an execution now.
    public var isEnabled: Bool {
        storage.current.isEnabled
    }
}
