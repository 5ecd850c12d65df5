import Foundation

/// One push going through the app's service extension, as a state machine
/// without I/O: which content is shown, and when the extension's time is up.
///
/// The extension has ``timeLimit`` (30 seconds, iOS's) of the engine's clock to
/// call its content handler; then it is told its time will expire
/// (``Action/callTimeWillExpire``), and a call of the content handler made while
/// that runs still counts, as iOS gives it that last chance. It is told only
/// once its `didReceive` has returned, as iOS calls both on one thread: an
/// extension still inside `didReceive` at the time limit is not told, and the
/// push's own content is shown, as when iOS ends an extension that hangs.
/// Otherwise, and for content refused by validation, the push's own content is
/// shown too. Only the first content counts; what comes after the outcome is
/// ignored.
///
/// The runtime (`ServiceExtensionRun`) feeds it the clock, the return of
/// `didReceive`, the content (already validated: `Result`) and the return of
/// `serviceExtensionTimeWillExpire`, and runs its actions in order, outside its
/// lock.
struct ServiceExtensionFlow: Equatable {
    /// How long the extension has to call its content handler: 30 s, as on iOS.
    static let timeLimit: TimeInterval = 30

    enum Event: Equatable {
        /// The push arrived at `now`.
        case started(now: Date)
        /// The extension's `didReceive` returned.
        case didReceiveReturned
        /// The extension called its content handler; the content was validated.
        case contentReceived(Result<NotificationContent, NotificationError>)
        /// The deadline armed by ``Action/armDeadline(_:)`` passed.
        case deadlinePassed
        /// `serviceExtensionTimeWillExpire()` returned.
        case timeWillExpireReturned
    }

    /// Why the push's own content is shown.
    enum Fallback: Equatable {
        /// The extension's content was refused with this error.
        case refused(NotificationError)
        /// The extension did not call its content handler in time.
        case timedOut
        /// The extension was still inside `didReceive` at the time limit.
        case stillReceiving
    }

    enum Action: Equatable {
        /// Wake this flow with ``Event/deadlinePassed`` at this date.
        case armDeadline(Date)
        /// Hand the request to the extension.
        case callExtension
        /// The deadline is no longer needed.
        case cancelDeadline
        /// Call the extension's `serviceExtensionTimeWillExpire()`, then feed ``Event/timeWillExpireReturned``.
        case callTimeWillExpire
        /// Show this content, the extension's.
        case showModified(NotificationContent)
        /// Show the push's own content, for this reason.
        case showOriginal(Fallback)
        /// Content came after the outcome: ignored.
        case ignoreLateContent
    }

    enum Phase: Equatable {
        case idle, waiting, expiring, done
    }

    private(set) var phase = Phase.idle
    /// Whether the extension's `didReceive` returned.
    private(set) var hasReturned = false

    /// What the runtime does after `event`.
    mutating func handle(_ event: Event) -> [Action] {
        switch (event, phase) {
        case (.started(let now), .idle):
            phase = .waiting
            return [.armDeadline(now.addingTimeInterval(Self.timeLimit)), .callExtension]
        case (.contentReceived(let result), .waiting), (.contentReceived(let result), .expiring):
            phase = .done
            switch result {
            case .success(let content): return [.cancelDeadline, .showModified(content)]
            case .failure(let error): return [.cancelDeadline, .showOriginal(.refused(error))]
            }
        case (.contentReceived, _):
            return [.ignoreLateContent]
        case (.didReceiveReturned, _):
            hasReturned = true
            return []
        case (.deadlinePassed, .waiting) where !hasReturned:
            phase = .done
            return [.showOriginal(.stillReceiving)]
        case (.deadlinePassed, .waiting):
            phase = .expiring
            return [.callTimeWillExpire]
        case (.timeWillExpireReturned, .expiring):
            phase = .done
            return [.showOriginal(.timedOut)]
        default:
            return []
        }
    }
}
