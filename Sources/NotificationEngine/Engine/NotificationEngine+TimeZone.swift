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
    /// When the configuration follows the system's zone the engine calls this
    /// itself; a zone given here holds until the system's zone changes again.
    ///
    /// - Throws: ``NotificationError/Code/storeFailure`` when the store cannot be
    ///   written; then nothing changed.
    public func updateTimeZone(_ zone: TimeZone) throws {
        let moved = try scheduling.withLock { scheduling in
            try adopt(TriggerSchedule(timeZone: zone.fixed), in: &scheduling)
        }
        finishTimeZoneChange(moved)
    }

    /// Follows the system's zone if the configuration asks for it and it was not
    /// looked at for ``Configuration/clockCheckInterval``. A store failure is
    /// logged, and the change tried again at the next look.
    func followSystemTimeZone() {
        guard configuration.followsSystemTimeZone else { return }
        let now = scheduler.now
        let due = state.withLock { state in
            guard let checked = state.timeZoneCheckedDate,
                abs(now.timeIntervalSince(checked)) < configuration.clockCheckInterval
            else {
                state.timeZoneCheckedDate = now
                return true
            }
            return false
        }
        guard due else { return }
        let system = configuration.systemTimeZone().fixed
        let moved = scheduling.withLock { scheduling -> [AppIdentifier] in
            guard system.identifier != scheduling.systemTimeZone else { return [] }
            do {
                let moved = try adopt(TriggerSchedule(timeZone: system), in: &scheduling)
                scheduling.systemTimeZone = system.identifier
                return moved
            } catch {
                logger.error("following the system's time zone to \(system.identifier) failed, trying again later: \(error)")
                return []
            }
        }
        finishTimeZoneChange(moved)
    }

    /// At start: if the store's floating fire dates were computed in another zone
    /// (the engine was down while the zone changed), re-dates them; a store that
    /// names no zone yet is taken to be in this one.
    func adoptStartingTimeZone(in scheduling: inout Scheduling) throws {
        let zone = scheduling.core.schedule.timeZone.identifier
        guard let stored = try read({ try $0.scheduleTimeZone() }) else {
            try write { try $0.saveScheduleTimeZone(zone) }
            return
        }
        guard stored != zone else { return }
        let moved = try redate(for: scheduling.core.schedule, in: &scheduling)
        logger.notice("the time zone is \(zone), not \(stored) as when the engine last ran: \(Self.redated(moved.count))")
    }

    /// Makes `schedule` the engine's, re-dating floating calendar requests for
    /// its zone; returns the apps whose requests moved.
    private func adopt(_ schedule: TriggerSchedule, in scheduling: inout Scheduling) throws -> [AppIdentifier] {
        let old = scheduling.core.schedule.timeZone.identifier
        guard schedule.timeZone.identifier != old else { return [] }
        let moved = try redate(for: schedule, in: &scheduling)
        logger.notice(
            "the time zone changed from \(old) to \(schedule.timeZone.identifier): \(Self.redated(moved.count))")
        return Array(Set(moved.map(\.app))).sorted()
    }

    /// Re-dates every pending floating calendar request whose fire date is after
    /// now for `schedule` (``EngineCore/redated(_:for:now:)``), saves its zone and makes it the engine's, in one
    /// transaction; on failure nothing changes. Returns the requests that moved.
    private func redate(
        for schedule: TriggerSchedule, in scheduling: inout Scheduling
    ) throws -> [(app: AppIdentifier, pending: PendingRequest)] {
        let now = scheduler.now
        let moved = try coordinatedWrite { transaction, coordinator in
            var moved: [(app: AppIdentifier, pending: PendingRequest)] = []
            let apps = try transaction.pendingCounts().keys.sorted()
            try coordinator.lockApps(apps)
            for app in apps {
                for pending in EngineCore.redated(try transaction.pendingRequests(app), for: schedule, now: now) {
                    try transaction.savePending(pending, for: app)
                    moved.append((app, pending))
                }
            }
            try transaction.saveScheduleTimeZone(schedule.timeZone.identifier)
            try coordinator.announce(moved.map(\.pending.nextFireDate))
            return moved
        }
        scheduling.core.redated(to: schedule, moved: !moved.isEmpty)
        if !moved.isEmpty { pendingChanged() }
        return moved
    }

    private static func redated(_ count: Int) -> String {
        count == 1 ? "re-dated 1 floating calendar request" : "re-dated \(count) floating calendar requests"
    }

    /// Tells the apps whose requests moved, and fires what is due now.
    private func finishTimeZoneChange(_ moved: [AppIdentifier]) {
        guard !moved.isEmpty else { return }
        for app in moved {
            emit(.pendingChanged(app: app))
        }
        fireDue()
    }
}

extension TimeZone {
    /// This zone, fixed: `autoupdatingCurrent` becomes the zone it stands for now.
    var fixed: TimeZone {
        TimeZone(identifier: identifier) ?? self
    }
}
