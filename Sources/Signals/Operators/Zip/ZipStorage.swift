/// One subscription of `zip`: the state machine and the events it decided, under one lock
/// (`LockedEmitter`), and the downstream observer.
///
/// The two sides may send from different threads. Each event takes the lock once to decide
/// and to queue what it decided, so a pair is always delivered before a completion decided
/// after it; delivery runs outside the lock.
final class ZipStorage<Left: Sendable, Right: Sendable, Failure: Error>: Sendable {
    private typealias Machine = ZipStateMachine<Left, Right>

    private let emitter: LockedEmitter<Machine, (Left, Right), Failure>

    init(downstream: Observer<(Left, Right), Failure>) {
        self.emitter = LockedEmitter(Machine(), downstream: downstream)
    }

    func left(_ value: Left) {
        emitter.update { machine, outbox in Self.run(machine.left(value), into: &outbox) }
    }

    func right(_ value: Right) {
        emitter.update { machine, outbox in Self.run(machine.right(value), into: &outbox) }
    }

    func leftCompleted() {
        emitter.update { machine, outbox in Self.run(machine.leftCompleted(), into: &outbox) }
    }

    func rightCompleted() {
        emitter.update { machine, outbox in Self.run(machine.rightCompleted(), into: &outbox) }
    }

    func error(_ error: Failure) {
        emitter.update { _, outbox in outbox.send(.error(error)) }
    }

    private static func run(
        _ action: Machine.Action,
        into outbox: inout LockedEmitter<Machine, (Left, Right), Failure>.Outbox
    ) {
        switch action {
        case .wait:
            break
        case .send(let pair):
            outbox.send(.next(pair))
        case .sendAndComplete(let pair):
            outbox.send(.next(pair))
            outbox.send(.completed)
        case .complete:
            outbox.send(.completed)
        }
    }
}
