import Foundation

/// The engine's decisions, as a state machine with no I/O: which requests are
/// due, what an add keeps and drops under the pending limit, what firing a
/// request does (deliver, reschedule, finish; catch-up after downtime), when the
/// timer must wake, which watched regions a position crosses.
///
/// The engine reads what a decision needs from the store, asks the core, writes
/// what the core decided in one transaction, and then reports what committed
/// (``committed(_:for:)``, ``committed(_:)``, ``removed(_:count:of:)``…), so the
/// core's memory — the due window, the pending counts, the watched regions —
/// follows the store in commit order. Everything here is a value: the tests in
/// `EngineCoreTests` drive it without a store, a clock or a lock.
struct EngineCore {
    /// The rules the decisions follow, from the engine's configuration.
    struct Rules {
        var pendingLimitPerApp: Int
        var deliveredLimitPerApp = Int.max
        var attachmentBytesPerApp = Int.max
        var lateTolerance: TimeInterval
        var clockCheckInterval: TimeInterval
        var deliveryRetention: TimeInterval
        var preferredLanguages: [String]
    }

    /// A location-triggered request being watched.
    struct WatchedRegion {
        var trigger: LocationTrigger
        var tracker: RegionTracker
    }

    let rules: Rules
    /// The soonest entries of the store's due queue.
    var window: DueWindow
    /// Each app's number of pending requests, as committed.
    var pendingCounts: [AppIdentifier: Int] = [:]
    var regions: [RegionKey: WatchedRegion] = [:]
    var lastPosition: Coordinate?
    /// Computes fire dates; floating calendar triggers follow its zone.
    var schedule: TriggerSchedule
    /// When to read the due queue again after reading it failed (the store was
    /// unreachable): the timer waits for it rather than trying again at once.
    var refillRetryDate: Date?
    /// Apps another engine was found firing (their rows locked): their due
    /// entries stay in the window, untouched until the date (the other engine
    /// most likely fires them meanwhile), while other apps' entries fire on time.
    var heldApps: [AppIdentifier: Date] = [:]
    /// For each app, how many firing transactions in a row found it held.
    var appSkips: [AppIdentifier: Int] = [:]
    /// When to read the window again from the store, keeping it until then:
    /// after a claim found rows gone or held, for those a failed engine may have
    /// left behind.
    var reloadDate: Date?
    /// When old deliveries were last pruned.
    var prunedDate: Date?

    init(rules: Rules, windowCapacity: Int, schedule: TriggerSchedule) {
        self.rules = rules
        self.window = DueWindow(capacity: windowCapacity)
        self.schedule = schedule
    }

    /// Starts from the store: its pending counts, soonest due entries (asked
    /// for ``DueWindow/refillLimit``) and location-triggered requests.
    mutating func loaded(
        counts: [AppIdentifier: Int], soonest: [DueEntry], located: [(AppIdentifier, PendingRequest)]
    ) {
        pendingCounts = counts
        window.refill(with: soonest)
        for (app, pending) in located {
            guard case .location(let trigger) = pending.request.trigger else { continue }
            regions[RegionKey(app: app, identifier: pending.request.identifier)] =
                WatchedRegion(trigger: trigger, tracker: RegionTracker(region: trigger.region))
        }
    }

    // MARK: The due window

    /// Whether the window is empty while the store holds more, and it is time to
    /// read it (not before ``refillRetryDate``): the engine reads the store's
    /// soonest entries and hands them to ``refilled(with:)``.
    func needsRefill(at now: Date) -> Bool {
        if let reloadDate, now >= reloadDate { return refillRetryDate.map { now >= $0 } ?? true }
        return window.needsRefill && refillRetryDate.map { now >= $0 } ?? true
    }

    mutating func refilled(with soonest: [DueEntry]) {
        window.refill(with: soonest)
        refillRetryDate = nil
        reloadDate = nil
    }

    /// Reading the due queue failed at `now`: the timer waits `delay` before the next try.
    mutating func refillFailed(at now: Date, retryAfter delay: TimeInterval) {
        refillRetryDate = now.addingTimeInterval(delay)
    }

    /// The outcome of reading the store's soonest entries (``DueWindow/refillLimit``)
    /// at `now` for a refill: the window takes them, or, if the read failed
    /// (`nil`), waits `delay` before the next try.
    mutating func refillRead(_ soonest: [DueEntry]?, at now: Date, retryAfter delay: TimeInterval) {
        guard let soonest else { return refillFailed(at: now, retryAfter: delay) }
        refilled(with: soonest)
    }

    /// Firing found `items`' apps held by another engine, which is most likely
    /// firing them: puts the items back and leaves each of those apps' entries
    /// alone for `delay`, doubled for each time in a row the app was found held
    /// (at most 8 × `delay`), so that engines that find an app another one keeps
    /// firing look at it less and less often. Returns when the first hold ends.
    mutating func hold(_ items: [FireItem], now: Date, delay: TimeInterval) -> Date {
        var soonest = Date.distantFuture
        for app in Set(items.map(\.app)) {
            let skips = appSkips[app, default: 0] + 1
            appSkips[app] = skips
            let date = now.addingTimeInterval(delay * Double(1 << min(skips - 1, 3)))
            heldApps[app] = date
            soonest = min(soonest, date)
        }
        for item in items {
            if let expected = item.expectedDate {
                window.insert(DueEntry(app: item.app, identifier: item.identifier, date: expected))
            }
        }
        return soonest
    }

    /// A firing transaction locked these apps.
    mutating func locked(_ apps: some Sequence<AppIdentifier>) {
        for app in apps { appSkips[app] = nil }
    }

    /// Whether firing `items` waits for their apps' locks rather than skip those
    /// held: once an app was found held `limit` times in a row, so that an app
    /// whose rows are changed without pause (a stream of adds) still fires.
    func waitsForApps(of items: [FireItem], limit: Int) -> Bool {
        items.contains { appSkips[$0.app, default: 0] >= limit }
    }

    /// A claim found rows gone (another engine fired or removed them) or held:
    /// the window stays, and is read again from the store at `date` at the
    /// latest, for rows an engine that failed left behind.
    mutating func reload(by date: Date) {
        reloadDate = min(reloadDate ?? date, date)
    }

    /// Forgets the window, so the next look reads the store (another engine
    /// changed it, or a commit failed).
    mutating func invalidateWindow() {
        window.invalidate()
    }

    /// Whether a request that became due at `date` (`nil`: unknown) in another
    /// engine may be missing from the window: everything at or before the
    /// window's last entry must be in it.
    func windowMayMiss(_ date: Date?) -> Bool {
        guard let date else { return true }
        if window.isComplete { return true }
        return window.last.map { date <= $0.date } ?? true
    }

    /// When the timer must wake: at the earliest due entry, or at the next clock
    /// check if that comes sooner; when the window needs the store, now (or after
    /// a failed read, at ``refillRetryDate``); once the engine has pruned, at the
    /// next daily pruning at the latest, so that old deliveries go even when
    /// nothing is pending.
    func wake(now: Date) -> Date? {
        let check = now.addingTimeInterval(rules.clockCheckInterval)
        var soonest: Date?
        if let first = window.entries.first(where: { heldApps[$0.app] == nil }) {
            soonest = min(first.date, check)
        } else if !window.entries.isEmpty {
            soonest = check
        } else if !window.isComplete {
            soonest = max(now, refillRetryDate ?? now)
        }
        for date in heldApps.values { soonest = min(soonest ?? date, date) }
        if let reloadDate { soonest = min(soonest ?? reloadDate, max(now, reloadDate)) }
        if let prunedDate {
            let prune = max(now, prunedDate.addingTimeInterval(Self.pruneInterval))
            soonest = min(soonest ?? prune, prune)
        }
        return soonest
    }

    /// How often old deliveries are pruned: once a day.
    static let pruneInterval: TimeInterval = 24 * 3_600

    /// The cutoff before which deliveries that left the notification center are
    /// deleted, at most once a day (and again after the clock went back); `nil`
    /// when it is not time yet.
    mutating func pruneCutoff(now: Date) -> Date? {
        if let last = prunedDate, now.timeIntervalSince(last) < Self.pruneInterval, now >= last { return nil }
        prunedDate = now
        return now.addingTimeInterval(-rules.deliveryRetention)
    }

    // MARK: Changes committed

    /// Requests were removed from an app's pending ones; `count` of them existed.
    mutating func removed(_ identifiers: [String], count: Int, of app: AppIdentifier) {
        for identifier in identifiers {
            forget(app: app, identifier: identifier)
        }
        pendingCounts[app, default: 0] -= count
    }

    /// Every pending request of the app was removed (or the app forgotten).
    mutating func removedAll(of app: AppIdentifier) {
        window.removeAll(of: app)
        regions = regions.filter { $0.key.app != app }
        pendingCounts[app] = nil
    }

    /// Floating calendar requests were re-dated for `schedule`, which is now the
    /// engine's; `moved` tells whether any fire date changed.
    mutating func redated(to schedule: TriggerSchedule, moved: Bool) {
        self.schedule = schedule
        if moved { window.invalidate() }
    }

    /// Puts a pending request in the due window or among the watched regions.
    mutating func watch(_ item: PendingRequest, for app: AppIdentifier) {
        let identifier = item.request.identifier
        if let date = item.nextFireDate {
            window.insert(DueEntry(app: app, identifier: identifier, date: date))
        } else if case .location(let trigger) = item.request.trigger {
            var tracker = RegionTracker(region: trigger.region)
            if let position = lastPosition { _ = tracker.update(position) }
            regions[RegionKey(app: app, identifier: identifier)] = WatchedRegion(trigger: trigger, tracker: tracker)
        }
    }

    /// Takes a request that is no longer pending out of the window and regions.
    mutating func forget(app: AppIdentifier, identifier: String) {
        window.remove(app: app, identifier: identifier)
        regions[RegionKey(app: app, identifier: identifier)] = nil
    }

    /// ``forget(app:identifier:)`` for many requests, in one pass over the window.
    mutating func forget(_ keys: [RegionKey]) {
        guard !keys.isEmpty else { return }
        window.remove(Set(keys))
        for key in keys {
            regions[key] = nil
        }
    }

    // MARK: Location

    /// With other engines on the store: its location-triggered requests now.
    /// Those not watched yet are, from the last position (as ``watch(_:for:)``
    /// does); those no longer pending are dropped; the others keep their
    /// trackers, unless their trigger changed.
    mutating func syncRegions(_ located: [(AppIdentifier, PendingRequest)]) {
        var current = Set<RegionKey>()
        for (app, pending) in located {
            guard case .location(let trigger) = pending.request.trigger else { continue }
            let key = RegionKey(app: app, identifier: pending.request.identifier)
            current.insert(key)
            if regions[key]?.trigger != trigger { watch(pending, for: app) }
        }
        for key in regions.keys where !current.contains(key) {
            regions[key] = nil
        }
    }

    /// The device is at `position`: the watched requests whose region it enters
    /// or leaves, as their trigger asks, to fire now.
    mutating func crossings(at position: Coordinate, now: Date) -> [FireItem] {
        lastPosition = position
        var crossed: [FireItem] = []
        for key in regions.keys.sorted(by: { ($0.app, $0.identifier) < ($1.app, $1.identifier) }) {
            guard let crossing = regions[key]?.tracker.update(position),
                let region = regions[key]?.trigger.region,
                region.notifies(on: crossing)
            else { continue }
            crossed.append(FireItem(app: key.app, identifier: key.identifier, expectedDate: nil, dueDate: now))
        }
        return crossed
    }
}

/// The identity of a pending request: its app and identifier.
struct RegionKey: Hashable {
    var app: AppIdentifier
    var identifier: String
}

extension EngineCore {
    /// The watched location-triggered requests per app: how many, and the
    /// radius of the smallest region.
    var watchedRegions: [AppIdentifier: (count: Int, smallestRadius: Double)] {
        regions.reduce(into: [:]) { result, entry in
            let radius = entry.value.trigger.region.radius
            let current = result[entry.key.app] ?? (0, .infinity)
            result[entry.key.app] = (current.count + 1, min(current.smallestRadius, radius))
        }
    }
}
