import Signals

/// A command whose work for each input is the input subject's signal: the test drives
/// each execution by sending into the subject it passed.
typealias SubjectCommand = Command<Subject<Int, TestError>, Int, TestError>

func makeSubjectCommand(
    enabled: Signal<Bool, Never>? = nil,
    allowsConcurrentExecution: Bool = false,
    starts: Counter = Counter()
) -> SubjectCommand {
    SubjectCommand(enabled: enabled, allowsConcurrentExecution: allowsConcurrentExecution) { work in
        starts.increment()
        return work.signal
    }
}
