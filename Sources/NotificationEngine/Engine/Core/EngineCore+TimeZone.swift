import Foundation

extension EngineCore {
    /// Those of an app's pending requests that `schedule`, the engine's new zone,
    /// re-dates at `now`, with their new fire dates, in the order given: floating
    /// calendar requests (no zone of their own) whose fire date is still ahead
    /// and moves. Requests with a zone of their own, time-interval and location
    /// triggers, and those already due keep their dates and are left out.
    static func redated(_ pending: [PendingRequest], for schedule: TriggerSchedule, now: Date) -> [PendingRequest] {
        pending.compactMap { pending in
            guard let date = pending.nextFireDate, date > now,
                case .calendar(let trigger) = pending.request.trigger, trigger.dateComponents.timeZone == nil,
                let redated = schedule.redatedFireDate(for: trigger, previous: date, now: now),
                redated != date
            else { return nil }
            var moved = pending
            moved.nextFireDate = redated
            return moved
        }
    }
}
