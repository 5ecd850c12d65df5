import Logging
import Synchronization

/// Logs each kind of fault once until it clears, so a notification server that is
/// gone does not fill the log with a line per delivery.
final class FaultLog: Sendable {
    private let logger: Logger
    private let active = Mutex<Set<String>>([])

    init(logger: Logger) {
        self.logger = logger
    }

    /// Logs `message` at `level` unless a fault of this `kind` is already logged.
    func report(_ kind: String, _ message: @autoclosure () -> String, level: Logger.Level = .warning) {
        guard active.withLock({ $0.insert(kind).inserted }) else { return }
        logger.log(level: level, "\(message())")
    }

    /// The fault cleared: the next one is logged again.
    func clear(_ kind: String) {
        _ = active.withLock { $0.remove(kind) }
    }
}
