import HeraldCommandLine
import Synchronization

/// A `systemctl --user` that records each command and answers it with `answer`.
final class RecordingSystemctl: SystemctlRunning {
    private let log = Mutex<[[String]]>([])
    private let answer: @Sendable ([String]) -> ProgramOutput

    /// A systemctl whose every command succeeds silently, unless `answer` says otherwise.
    init(answer: @escaping @Sendable ([String]) -> ProgramOutput = { _ in ProgramOutput(status: 0) }) {
        self.answer = answer
    }

    /// A systemctl without a user manager to reach, as in a container.
    static func withoutUserManager() -> RecordingSystemctl {
        RecordingSystemctl { arguments in
            arguments.first == "is-enabled"
                ? ProgramOutput(status: 0, output: "enabled\n")
                : ProgramOutput(status: 1, errors: "Failed to connect to bus: No medium found\n")
        }
    }

    /// The commands run, in order, without the leading `--user`.
    var commands: [[String]] { log.withLock { $0 } }

    func run(_ arguments: [String]) throws(SystemIntegrationError) -> ProgramOutput {
        log.withLock { $0.append(arguments) }
        return answer(arguments)
    }
}
