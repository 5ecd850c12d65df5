import Foundation
import NotificationEngine
import Synchronization

/// Records how late each delivery is shown: the wall clock when `present` is called
/// minus the delivery's due date (`scheduledDate`), in seconds.
final class LatenessPresenter: Presenter {
    private let recorded: Mutex<[Double]>

    init(expected: Int) {
        var values: [Double] = []
        values.reserveCapacity(expected)
        recorded = Mutex(values)
    }

    func present(_ presentation: Presentation) {
        let lateness = Date().timeIntervalSince(presentation.delivery.scheduledDate)
        recorded.withLock { $0.append(lateness) }
    }

    /// Records a lateness measured elsewhere (the timer peer).
    func record(_ lateness: Double) {
        recorded.withLock { $0.append(lateness) }
    }

    var count: Int { recorded.withLock { $0.count } }
    var values: [Double] { recorded.withLock { $0 } }
}

/// Counts presentations, and of them the quiet ones (`style .none`, a Focus's doing), and
/// keeps the earliest due date and the time of the last one.
final class CountingPresenter: Presenter {
    struct Tally {
        var count = 0
        var quiet = 0
        var earliestDue = Date.distantFuture
        var last = Date.distantPast
    }

    private let tally = Mutex(Tally())

    func present(_ presentation: Presentation) {
        let now = Date()
        tally.withLock { tally in
            tally.count += 1
            if presentation.style == .none { tally.quiet += 1 }
            tally.earliestDue = min(tally.earliestDue, presentation.delivery.scheduledDate)
            tally.last = max(tally.last, now)
        }
    }

    var count: Int { tally.withLock { $0.count } }
    var snapshot: Tally { tally.withLock { $0 } }
}
