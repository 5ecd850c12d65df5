import Dispatch
import HeraldTestSupport
import Signals
import Testing

@Suite(.offThePool) struct CommandTests {
    // MARK: Executing

    @Test func successfulExecutionReachesTheCallerAndExecutionSignals() {
        let command = makeSubjectCommand()
        let executions = EventLog(command.executionSignals.flatten())
        let work = Subject<Int, TestError>()
        let result = EventLog(command.execute(work))
        work.send(1)
        work.send(2)
        work.sendCompleted()
        #expect(result.rendered == ["1", "2", "completed"])
        #expect(executions.rendered == ["1", "2"])
    }

    @Test func theResultReplaysTheWholeExecutionToLateSubscribers() {
        let command = makeSubjectCommand()
        let work = Subject<Int, TestError>()
        let result = command.execute(work)
        work.send(1)
        work.send(2)
        #expect(EventLog(result).rendered == ["1", "2"])
        work.sendCompleted()
        #expect(EventLog(result).rendered == ["1", "2", "completed"])
    }

    @Test func synchronousWorkIsSeenByExecutionSignalsSubscribers() {
        let command = Command<Int, Int, Never> { input in .from([input, input * 10]) }
        let executions = EventLog(command.executionSignals.flatten())
        let result = EventLog(command.execute(3))
        #expect(result.rendered == ["3", "30", "completed"])
        #expect(executions.rendered == ["3", "30"])
    }

    @Test func executionSignalsSendsOneSignalPerExecution() {
        let command = Command<Int, Int, Never> { .just($0) }
        let executions = Recorder<Signal<Int, Never>>()
        command.executionSignals.subscribeNext { executions.append($0) }
        command.execute(1)
        command.execute(2)
        #expect(executions.count == 2)
        #expect(executions.values.map { EventLog($0).rendered } == [["1", "completed"], ["2", "completed"]])
    }

    @Test func theWorkStartsAtOnceEvenWithoutSubscribers() {
        let starts = Counter()
        let command = makeSubjectCommand(starts: starts)
        command.execute(Subject())
        #expect(starts.current == 1)
        #expect(command.isExecuting)
    }

    @Test func executingGoesTrueThenFalse() {
        let command = makeSubjectCommand()
        let executing = EventLog(command.executing)
        #expect(executing.rendered == ["false"])
        let work = Subject<Int, TestError>()
        command.execute(work)
        #expect(executing.rendered == ["false", "true"])
        #expect(command.isExecuting)
        work.send(1)
        work.sendCompleted()
        #expect(executing.rendered == ["false", "true", "false"])
        #expect(!command.isExecuting)
    }

    @Test func executingSendsTheCurrentStateToNewSubscribers() {
        let command = makeSubjectCommand()
        command.execute(Subject())
        #expect(EventLog(command.executing).rendered == ["true"])
        #expect(EventLog(command.enabled).rendered == ["false"])
    }

    @Test func executionFollowsVirtualTime() {
        let scheduler = TestScheduler()
        let command = Command<Int, Int, Never> { input in
            Signal { observer in
                scheduler.schedule(afterDelay: 2) {
                    observer.send(input)
                    observer.sendCompleted()
                }
            }
        }
        let executing = EventLog(command.executing)
        let result = EventLog(command.execute(5))
        scheduler.advance(by: 1)
        #expect(executing.rendered == ["false", "true"])
        #expect(result.rendered.isEmpty)
        scheduler.advance(by: 1)
        #expect(executing.rendered == ["false", "true", "false"])
        #expect(result.rendered == ["5", "completed"])
    }

    // MARK: Enabled

    @Test func enabledGoesFalseWhileExecutingAndBack() {
        let command = makeSubjectCommand()
        let enabled = EventLog(command.enabled)
        #expect(command.isEnabled)
        let work = Subject<Int, TestError>()
        command.execute(work)
        #expect(enabled.rendered == ["true", "false"])
        #expect(!command.isEnabled)
        work.sendCompleted()
        #expect(enabled.rendered == ["true", "false", "true"])
        #expect(command.isEnabled)
    }

    @Test func theCommandIsIdleAgainWhenTheCallerSeesCompletion() {
        let command = makeSubjectCommand()
        let seen = Recorder<String>()
        let work = Subject<Int, TestError>()
        command.execute(work).subscribeCompleted {
            seen.append("executing \(command.isExecuting), enabled \(command.isEnabled)")
        }
        work.sendCompleted()
        #expect(seen.values == ["executing false, enabled true"])
    }

    @Test func executeWhileDisabledFailsAndStartsNothing() {
        let starts = Counter()
        let command = makeSubjectCommand(enabled: .just(false), starts: starts)
        let executing = EventLog(command.executing)
        let result = EventLog(command.execute(Subject()))
        #expect(starts.current == 0)
        #expect(executing.rendered == ["false"])
        let error = result.events.values.first?.error
        #expect(error?.code == .notEnabled)
        #expect(error?.underlying == nil)
        #expect(error?.message.contains("enabled signal") == true)
        #expect(result.events.count == 1)
    }

    @Test func enabledInputIsRespected() {
        let input = Subject<Bool, Never>()
        let starts = Counter()
        let command = makeSubjectCommand(enabled: input.signal, starts: starts)
        let enabled = EventLog(command.enabled)
        input.send(false)
        #expect(!command.isEnabled)
        #expect(EventLog(command.execute(Subject())).events.values.first?.error?.code == .notEnabled)
        input.send(true)
        command.execute(Subject())
        #expect(starts.current == 1)
        #expect(enabled.rendered == ["true", "false", "true", "false"])
    }

    @Test func enabledDoesNotRepeatEqualValues() {
        let input = Subject<Bool, Never>()
        let command = makeSubjectCommand(enabled: input.signal)
        let enabled = EventLog(command.enabled)
        input.send(true)
        input.send(true)
        let work = Subject<Int, TestError>()
        command.execute(work)
        input.send(false)
        work.sendCompleted()
        input.send(true)
        #expect(enabled.rendered == ["true", "false", "true"])
    }

    @Test func enabledInputThatStartsFalseDisablesAtOnce() {
        let command = makeSubjectCommand(enabled: .just(false))
        #expect(EventLog(command.enabled).rendered == ["false"])
        #expect(!command.isEnabled)
    }

    // MARK: Concurrency

    @Test func concurrentExecutionForbiddenByDefault() {
        let starts = Counter()
        let command = makeSubjectCommand(starts: starts)
        #expect(!command.allowsConcurrentExecution)
        let first = Subject<Int, TestError>()
        command.execute(first)
        let second = EventLog(command.execute(Subject()))
        let error = second.events.values.first?.error
        #expect(error?.code == .notEnabled)
        #expect(error?.message.contains("concurrent") == true)
        #expect(starts.current == 1)
        first.sendCompleted()
        command.execute(Subject())
        #expect(starts.current == 2)
    }

    @Test func concurrentExecutionAllowed() {
        let starts = Counter()
        let command = makeSubjectCommand(allowsConcurrentExecution: true, starts: starts)
        let executing = EventLog(command.executing)
        let enabled = EventLog(command.enabled)
        let first = Subject<Int, TestError>()
        let second = Subject<Int, TestError>()
        let firstResult = EventLog(command.execute(first))
        let secondResult = EventLog(command.execute(second))
        #expect(starts.current == 2)
        second.send(2)
        first.send(1)
        first.sendCompleted()
        #expect(command.isExecuting)
        second.sendCompleted()
        #expect(firstResult.rendered == ["1", "completed"])
        #expect(secondResult.rendered == ["2", "completed"])
        #expect(executing.rendered == ["false", "true", "false"])
        #expect(enabled.rendered == ["true"])
    }

    @Test func racingExecutesStartExactlyOne() {
        let starts = Counter()
        let command = makeSubjectCommand(starts: starts)
        let refused = Counter()
        DispatchQueue.concurrentPerform(iterations: 100) { _ in
            command.execute(Subject()).subscribeError { if $0.code == .notEnabled { refused.increment() } }
        }
        #expect(starts.current == 1)
        #expect(refused.current == 99)
        #expect(EventLog(command.executing).rendered == ["true"])
    }

    @Test func subscribersMayExecuteAgainFromStateChanges() {
        let starts = Counter()
        let command = Command<Int, Int, Never> { input in
            starts.increment()
            return .just(input)
        }
        let executing = EventLog(command.executing)
        command.enabled.subscribeNext { isEnabled in
            if isEnabled, starts.current < 3 { command.execute(starts.current) }
        }
        #expect(starts.current == 3)
        #expect(!command.isExecuting)
        #expect(executing.rendered == ["false", "true", "false", "true", "false", "true", "false"])
    }

    // MARK: Errors

    @Test func aFailureReachesErrorsAndTheCaller() {
        let command = makeSubjectCommand()
        let errors = EventLog(command.errors)
        let executions = EventLog(command.executionSignals.flatten())
        let executing = EventLog(command.executing)
        let work = Subject<Int, TestError>()
        let result = EventLog(command.execute(work))
        work.send(1)
        work.send(error: TestError("timeout"))
        #expect(errors.rendered == ["timeout"])
        #expect(result.rendered.count == 2)
        let error = result.events.values.last?.error
        #expect(error?.code == .failed)
        #expect(error?.underlying == TestError("timeout"))
        #expect(executions.rendered == ["1"])
        #expect(executing.rendered == ["false", "true", "false"])
        #expect(command.isEnabled)
    }

    @Test func executionSignalsReplaceTheErrorWithCompletion() {
        let command = Command<Int, Int, TestError> { _ in .fail(TestError()) }
        let inner = Recorder<Signal<Int, Never>>()
        command.executionSignals.subscribeNext { inner.append($0) }
        command.execute(1)
        #expect(inner.values.map { EventLog($0).rendered } == [["completed"]])
    }

    @Test func notEnabledRefusalsAreNotSentOnErrors() {
        let command = makeSubjectCommand(enabled: .just(false))
        let errors = EventLog(command.errors)
        command.execute(Subject())
        #expect(errors.rendered.isEmpty)
    }

    @Test func commandErrorDescribesItself() {
        let error = CommandError<TestError>.Code.failed
        #expect(error.description == "failed")
        let command = Command<Int, Int, TestError> { _ in .fail(TestError("disk")) }
        let result = EventLog(command.execute(1))
        #expect(result.rendered == ["error(CommandError.failed: the command's work failed: disk)"])
    }
}
