import Foundation

/// The time-zone flow as a state machine without I/O: a zone the user gives,
/// the system's zone looked at every ``Cause/system(clockCheckInterval:)``, or
/// the zone the store names at start comes in as an event, with the engine's
/// current zone and, in the re-dating transaction, what was read; what the
/// engine does next comes out as actions, in order. Which requests move is the
/// core's decision (``EngineCore/redated(_:for:now:)``); the flow sequences it.
///
/// A change of zone re-dates the pending floating calendar requests, saves the
/// zone and announces the soonest new date in one coordinated transaction,
/// with every app that has pending requests locked; once committed the core
/// adopts the zone, the change is logged, the apps whose requests moved see
/// ``NotificationEvent/pendingChanged(app:)`` and what is due now fires. On
/// failure nothing changes: a zone given is refused with the store's error, a
/// system zone is logged and looked at again at the next check. The runtime
/// (`NotificationEngine+TimeZone.swift`) runs the actions in one `switch` under
/// the `scheduling` lock, those of the transaction inside it,
/// ``Action/noteChecked(_:)`` under the `state` lock, and ``Action/emit(_:)``
/// and ``Action/fireDue`` after the locks.
struct TimeZoneFlow {
    /// What starts the flow.
    enum Cause: Equatable {
        /// The user gives a zone (``NotificationEngine/updateTimeZone(_:)``).
        case given
        /// The engine follows the system's zone, looking at it when it was not
        /// looked at for `clockCheckInterval`.
        case system(clockCheckInterval: TimeInterval)
        /// The engine starts on a store whose fire dates were computed in the
        /// zone it names.
        case start
    }

    enum Event {
        /// It is `now`; the system's zone was last looked at `lastChecked` (``Cause/system(clockCheckInterval:)``).
        case now(Date, lastChecked: Date?)
        /// The system's zone as read (``Action/readSystemZone``); `followed` is the
        /// one the engine last followed, `current` the engine's zone.
        case systemZoneRead(TimeZone, followed: String?, current: TimeZone)
        /// The user gives `zone`; `current` is the engine's.
        case zoneGiven(TimeZone, current: TimeZone)
        /// At start, the zone the store names (`nil`: none yet); `current` is the engine's.
        case storedZoneRead(String?, current: TimeZone)
        /// In the re-dating transaction at `now`: the apps with pending requests.
        case appsRead([AppIdentifier], now: Date)
        /// In the re-dating transaction: the app's pending requests (``Action/readPending(_:)``).
        case pendingRead([PendingRequest], of: AppIdentifier)
        /// The re-dating transaction committed.
        case committed
        /// The re-dating transaction failed with this error: nothing of it was written.
        case failed(String)
    }

    enum Action: Equatable {
        /// In memory: the system's zone was looked at on this date.
        case noteChecked(Date)
        /// Read the system's zone (``Event/systemZoneRead(_:followed:current:)``).
        case readSystemZone
        /// Write that the store's dates are for this zone, in a transaction of its own.
        case recordZone(String)
        /// Re-date for this zone in one coordinated transaction (``Event/appsRead(_:now:)``
        /// in it; ``Event/committed`` or ``Event/failed(_:)`` after).
        case redate(to: TimeZone)
        /// In the transaction: lock these apps for other engines.
        case lockApps([AppIdentifier])
        /// In the transaction: read the app's pending requests (``Event/pendingRead(_:of:)``).
        case readPending(AppIdentifier)
        /// In the transaction: save the request with its new fire date.
        case savePending(PendingRequest, for: AppIdentifier)
        /// In the transaction: the store's dates are for this zone.
        case saveZone(String)
        /// In the transaction: tell the other engines of this fire date on commit.
        case announce(Date)
        /// The core's schedule follows this zone; `moved`: its due window is stale.
        case adopt(TimeZone, moved: Bool)
        /// The engine has followed the system's zone to this one.
        case follow(String)
        /// Pending requests changed.
        case notePendingChanged
        case logNotice(String)
        case logError(String)
        /// After the locks.
        case emit(NotificationEvent)
        /// After the locks: fire what is due now.
        case fireDue
        /// The caller gets the transaction's error.
        case throwFailure
    }

    let cause: Cause
    /// The zone being adopted, and its schedule.
    private var target: (zone: TimeZone, schedule: TriggerSchedule)?
    /// The zone the dates were for: the engine's, or at start the store's.
    private var previous = ""
    private var now = Date.distantPast
    /// The apps whose pending requests are still to read, in order.
    private var remaining: [AppIdentifier] = []
    /// The requests re-dated so far, by app.
    private var moved: [(app: AppIdentifier, date: Date?)] = []

    init(_ cause: Cause) {
        self.cause = cause
    }

    /// What the engine does next after `event`; an event out of order asks for nothing.
    mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .now(let now, let lastChecked):
            guard case .system(let interval) = cause else { return [] }
            if let lastChecked, abs(now.timeIntervalSince(lastChecked)) < interval { return [] }
            return [.noteChecked(now), .readSystemZone]
        case .systemZoneRead(let zone, let followed, let current):
            let system = zone.fixed
            guard system.identifier != followed else { return [] }
            guard system.identifier != current.identifier else { return [.follow(system.identifier)] }
            return redate(to: system, from: current.identifier)
        case .zoneGiven(let zone, let current):
            let given = zone.fixed
            return given.identifier == current.identifier ? [] : redate(to: given, from: current.identifier)
        case .storedZoneRead(let stored, let current):
            guard let stored else { return [.recordZone(current.identifier)] }
            return stored == current.identifier ? [] : redate(to: current, from: stored)
        case .appsRead(let apps, let now):
            self.now = now
            remaining = apps
            moved = []
            return [.lockApps(apps)] + readNext()
        case .pendingRead(let pending, let app):
            guard let schedule = target?.schedule else { return [] }
            let redated = EngineCore.redated(pending, for: schedule, now: now)
            moved += redated.map { (app, $0.nextFireDate) }
            return redated.map { Action.savePending($0, for: app) } + readNext()
        case .committed:
            return committed()
        case .failed(let error):
            guard case .system = cause, let zone = target?.zone else { return [.throwFailure] }
            return [.logError("following the system's time zone to \(zone.identifier) failed, trying again later: \(error)")]
        }
    }

    private mutating func redate(to zone: TimeZone, from previous: String) -> [Action] {
        target = (zone, TriggerSchedule(timeZone: zone))
        self.previous = previous
        return [.redate(to: zone)]
    }

    /// The next app's requests to read, or, when all are read, the zone saved
    /// and the soonest new date announced.
    private mutating func readNext() -> [Action] {
        guard remaining.isEmpty else { return [.readPending(remaining.removeFirst())] }
        guard let zone = target?.zone else { return [] }
        guard let soonest = moved.compactMap(\.date).min() else { return [.saveZone(zone.identifier)] }
        return [.saveZone(zone.identifier), .announce(soonest)]
    }

    /// The core adopts the zone; the change is logged; the apps whose requests
    /// moved are told and what is due fires (not at start: the engine fires
    /// what is due once it has started).
    private func committed() -> [Action] {
        guard let zone = target?.zone else { return [] }
        var actions: [Action] = [.adopt(zone, moved: !moved.isEmpty)]
        if !moved.isEmpty { actions.append(.notePendingChanged) }
        let redated = Self.redated(moved.count)
        guard cause != .start else {
            let ran = "as when the engine last ran"
            actions.append(.logNotice("the time zone is \(zone.identifier), not \(previous) \(ran): \(redated)"))
            return actions
        }
        actions.append(.logNotice("the time zone changed from \(previous) to \(zone.identifier): \(redated)"))
        if cause != .given { actions.append(.follow(zone.identifier)) }
        let apps = Set(moved.map(\.app)).sorted()
        actions += apps.map { Action.emit(.pendingChanged(app: $0)) }
        if !apps.isEmpty { actions.append(.fireDue) }
        return actions
    }

    private static func redated(_ count: Int) -> String {
        count == 1 ? "re-dated 1 floating calendar request" : "re-dated \(count) floating calendar requests"
    }
}

extension TimeZone {
    /// This zone, fixed: `autoupdatingCurrent` becomes the zone it stands for now.
    var fixed: TimeZone {
        TimeZone(identifier: identifier) ?? self
    }
}
