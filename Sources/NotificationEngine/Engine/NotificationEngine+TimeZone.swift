public import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    /// The zone that calendar triggers without a time zone follow now.
    public var timeZone: TimeZone {
        scheduling.withLock { $0.core.schedule.timeZone }
    }

    /// The user's time zone changed, as when they travel: calendar triggers
    /// without a time zone (floating ones: "every day at 08:30") follow it from
    /// now on, as on iOS.
    ///
    /// Each pending floating calendar request whose fire date is still ahead is
    /// re-dated, in one transaction, to its first match in `zone` after now. A
    /// one-shot dated to a wall time that has already passed in `zone` fires at
    /// once, marked late, rather than never. Requests with a zone of their own, time-interval and
    /// location triggers keep their dates. Apps whose requests moved see
    /// ``NotificationEvent/pendingChanged(app:)``.
    ///
    /// When the configuration follows the system's zone the engine makes this
    /// change itself as the system's zone changes; a zone given here holds until
    /// the system's zone changes again.
    ///
    /// - Throws: ``NotificationError/Code/storeFailure`` when the store cannot be
    ///   written; then nothing changed.
    public func updateTimeZone(_ zone: TimeZone) throws {
        var flow = TimeZoneFlow(.given)
        let after = try scheduling.withLock { scheduling in
            try run(flow.handle(.zoneGiven(zone, current: scheduling.core.schedule.timeZone)), of: &flow, in: &scheduling)
        }
        perform(after)
    }

    /// Follows the system's zone if the configuration asks for it and it was not
    /// looked at for ``Configuration/clockCheckInterval`` (``TimeZoneFlow``). A
    /// store failure is logged, and the change tried again at the next look.
    func followSystemTimeZone() {
        guard configuration.followsSystemTimeZone else { return }
        var flow = TimeZoneFlow(.system(clockCheckInterval: configuration.clockCheckInterval))
        let now = scheduler.now
        let looks = state.withLock { state in
            let actions = flow.handle(.now(now, lastChecked: state.timeZoneCheckedDate))
            for case .noteChecked(let date) in actions { state.timeZoneCheckedDate = date }
            return actions
        }
        guard looks.contains(.readSystemZone) else { return }
        let system = configuration.systemTimeZone()
        // The system's flow logs a failure rather than asking for it to be thrown.
        let after = try? scheduling.withLock { scheduling in
            let read = TimeZoneFlow.Event.systemZoneRead(
                system, followed: scheduling.systemTimeZone, current: scheduling.core.schedule.timeZone)
            return try run(flow.handle(read), of: &flow, in: &scheduling)
        }
        perform(after ?? [])
    }

    /// At start: if the store's floating fire dates were computed in another zone
    /// (the engine was down while the zone changed), re-dates them; a store that
    /// names no zone yet is taken to be in this one.
    func adoptStartingTimeZone(in scheduling: inout Scheduling) throws {
        var flow = TimeZoneFlow(.start)
        let stored = try read { try $0.scheduleTimeZone() }
        let after = try run(
            flow.handle(.storedZoneRead(stored, current: scheduling.core.schedule.timeZone)), of: &flow, in: &scheduling)
        perform(after)
    }

    /// Runs the flow's actions under the `scheduling` lock, the re-dating
    /// transaction among them; returns those for after the lock.
    private func run(
        _ actions: [TimeZoneFlow.Action], of flow: inout TimeZoneFlow, in scheduling: inout Scheduling
    ) throws -> [TimeZoneFlow.Action] {
        var actions = actions[...]
        var after: [TimeZoneFlow.Action] = []
        var failure: (any Error)?
        while let action = actions.popFirst() {
            switch action {
            case .recordZone(let zone): try write { try $0.saveScheduleTimeZone(zone) }
            case .redate:
                do {
                    try redate(&flow)
                    actions += flow.handle(.committed)
                } catch {
                    failure = error
                    actions += flow.handle(.failed("\(error)"))
                }
            case .adopt(let zone, let moved): scheduling.core.redated(to: TriggerSchedule(timeZone: zone), moved: moved)
            case .follow(let zone): scheduling.systemTimeZone = zone
            case .notePendingChanged: pendingChanged()
            case .logNotice(let message): logger.notice("\(message)")
            case .logError(let message): logger.error("\(message)")
            case .throwFailure: throw failure ?? NotificationError(.storeFailure, "the time zone could not change")
            case .emit, .fireDue: after.append(action)
            case .noteChecked, .readSystemZone, .lockApps, .readPending, .savePending, .saveZone, .announce:
                logger.error("the time-zone flow asked for \(action) outside its place")
            }
        }
        return after
    }

    /// Runs the re-dating transaction: every pending floating calendar request
    /// whose fire date is after now re-dated (``EngineCore/redated(_:for:now:)``)
    /// and the zone saved, with the apps locked and the soonest new date
    /// announced; on failure nothing of it is written.
    private func redate(_ flow: inout TimeZoneFlow) throws {
        let now = scheduler.now
        try coordinatedWrite { transaction, coordinator in
            var actions = flow.handle(.appsRead(try transaction.pendingCounts().keys.sorted(), now: now))[...]
            while let action = actions.popFirst() {
                switch action {
                case .lockApps(let apps): try coordinator.lockApps(apps)
                case .readPending(let app): actions += flow.handle(.pendingRead(try transaction.pendingRequests(app), of: app))
                case .savePending(let pending, let app): try transaction.savePending(pending, for: app)
                case .saveZone(let zone): try transaction.saveScheduleTimeZone(zone)
                case .announce(let date): try coordinator.announce(CollectionOfOne(date))
                default: logger.error("the time-zone flow asked for \(action) in its transaction")
                }
            }
        }
    }

    /// Tells the apps whose requests moved, and fires what is due now.
    private func perform(_ actions: [TimeZoneFlow.Action]) {
        for action in actions {
            switch action {
            case .emit(let event): emit(event)
            case .fireDue: fireDue()
            default: logger.error("the time-zone flow asked for \(action) after the lock")
            }
        }
    }
}
