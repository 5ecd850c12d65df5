import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    /// What an add will write, decided before anything is written.
    struct AddPlan {
        var items: [PendingRequest]
        var evicted: [PendingRequest]
        var replaced: [String]
    }

    func addNow(_ requests: [NotificationRequest], for app: AppIdentifier) throws -> AddResult {
        followSystemTimeZone()
        // The attachments' bytes are stored before the request is committed; a
        // crash in between leaves files that the next sweep removes.
        let (requests, pinned) = try importAttachments(requests)
        var committed = false
        defer { releaseAttachments(pinned, committed: committed) }
        let (result, firesNow, freed) = try state.withLock { state in
            let now = scheduler.now
            let items = try prepareAdd(requests, for: app, now: now, in: &state)
            let plan = try write(locking: [app]) { transaction in
                let count = try pendingCount(of: app, in: transaction, state: state)
                let plan = try self.plan(items, for: app, in: transaction, count: count)
                try self.apply(plan, for: app, in: transaction)
                try announce(items.map(\.nextFireDate), in: transaction)
                return plan
            }
            track(plan, for: app, in: &state)
            armTimer(&state)
            let firesNow = items.contains { $0.nextFireDate.map { $0 <= now } ?? false }
            let freed = !plan.evicted.isEmpty || !plan.replaced.isEmpty
            return (AddResult(evictedIdentifiers: plan.evicted.map { $0.request.identifier }), firesNow, freed)
        }
        committed = true
        emit(.pendingChanged(app: app))
        if freed { sweepAttachments() }
        if firesNow { fireDue() }
        return result
    }

    /// Checks that `app` may add `requests` now and turns them into pending
    /// items with their first fire dates, identifiers in NFC; writes nothing.
    func prepareAdd(
        _ requests: [NotificationRequest], for app: AppIdentifier, now: Date, in state: inout EngineState
    ) throws -> [PendingRequest] {
        try Validator.validateApp(app)
        let record = try record(app, in: &state)
        try requireAuthorization(record, app: app)
        return try pendingItems(
            for: requests.map(\.canonical), categories: record.categories, schedule: state.schedule, now: now)
    }

    func requireAuthorization(_ record: EngineState.AppRecord, app: AppIdentifier) throws {
        switch record.preferences.authorizationStatus {
        case .authorized, .provisional: return
        case .denied:
            throw NotificationError(.notificationsNotAllowed, "notifications are not allowed for \(app): the user denied them")
        case .notDetermined:
            throw NotificationError(
                .notificationsNotAllowed, "notifications are not allowed for \(app): it has not requested authorization")
        }
    }

    /// Validates the requests and computes their first fire dates; a later
    /// request with the same identifier as an earlier one wins.
    func pendingItems(
        for requests: [NotificationRequest], categories: [NotificationCategory], schedule: TriggerSchedule, now: Date
    ) throws -> [PendingRequest] {
        var byIdentifier: [String: Int] = [:]
        var items: [PendingRequest] = []
        for request in requests {
            let first = try Validator.validate(request, categories: categories, schedule: schedule, now: now)
            let item = PendingRequest(request: request, nextFireDate: first, addedDate: now)
            if let index = byIdentifier[request.identifier] {
                items[index] = item
            } else {
                byIdentifier[request.identifier] = items.count
                items.append(item)
            }
        }
        return items
    }

    /// Decides which requests the pending limit drops: the latest-firing of the
    /// app's requests and the new ones; among equals, new ones first (so the 65th
    /// is refused). Throws if a new request would be dropped.
    func plan(
        _ items: [PendingRequest], for app: AppIdentifier, in transaction: any StoreTransaction, count: Int
    ) throws -> AddPlan {
        let replaced = try Array(transaction.pendingIdentifiers(app, among: items.map { $0.request.identifier }))
        let total = count - replaced.count + items.count
        let overflow = total - configuration.pendingLimitPerApp
        guard overflow > 0 else { return AddPlan(items: items, evicted: [], replaced: replaced) }
        let replacedSet = Set(replaced)
        let existing = try transaction.latestPending(app, limit: overflow + replaced.count)
            .filter { !replacedSet.contains($0.request.identifier) }
        let candidates = existing.map { ($0, false) } + items.map { ($0, true) }
        let dropped = candidates.sorted { Self.firesLater($0, than: $1) }.prefix(overflow)
        if dropped.contains(where: { $0.1 }) {
            throw NotificationError(
                .pendingLimitReached,
                "\(app) already has \(count) pending requests (the limit is \(configuration.pendingLimitPerApp)) "
                    + "and they all fire sooner")
        }
        return AddPlan(items: items, evicted: dropped.map { $0.0 }, replaced: replaced)
    }

    private static func firesLater(_ a: (PendingRequest, Bool), than b: (PendingRequest, Bool)) -> Bool {
        let x = a.0.nextFireDate ?? .distantFuture
        let y = b.0.nextFireDate ?? .distantFuture
        if x != y { return x > y }
        if a.1 != b.1 { return a.1 }
        return a.0.addedDate > b.0.addedDate
    }

    func apply(_ plan: AddPlan, for app: AppIdentifier, in transaction: any StoreTransaction) throws {
        try transaction.deletePending(app, identifiers: plan.evicted.map { $0.request.identifier })
        try transaction.savePending(plan.items, for: app)
    }

    /// Brings the window, counts and watched regions in step with a written plan.
    func track(_ plan: AddPlan, for app: AppIdentifier, in state: inout EngineState) {
        for gone in plan.evicted.map({ $0.request.identifier }) + plan.replaced {
            forget(app: app, identifier: gone, in: &state)
        }
        for item in plan.items {
            watch(item, for: app, in: &state)
        }
        state.pendingCounts[app, default: 0] += plan.items.count - plan.evicted.count - plan.replaced.count
        state.pendingVersion &+= 1
    }

    /// Puts a pending request in the due window or among the watched regions.
    func watch(_ item: PendingRequest, for app: AppIdentifier, in state: inout EngineState) {
        let identifier = item.request.identifier
        if let date = item.nextFireDate {
            state.window.insert(DueEntry(app: app, identifier: identifier, date: date))
        } else if case .location(let trigger) = item.request.trigger {
            var tracker = RegionTracker(region: trigger.region)
            if let position = state.lastPosition { _ = tracker.update(position) }
            state.regions[RegionKey(app: app, identifier: identifier)] =
                EngineState.WatchedRegion(trigger: trigger, tracker: tracker)
        }
    }

    /// Takes a request that is no longer pending out of the window and regions.
    func forget(app: AppIdentifier, identifier: String, in state: inout EngineState) {
        state.window.remove(app: app, identifier: identifier)
        state.regions[RegionKey(app: app, identifier: identifier)] = nil
    }

    func pendingNow(for app: AppIdentifier) throws -> [PendingRequest] {
        try Validator.validateApp(app)
        return try read { try $0.pendingRequests(app) }.map { pending in
            var pending = pending
            pending.request = withStoreURLs(pending.request)
            return pending
        }
    }

    /// A number that changes whenever any app's pending requests change: added,
    /// replaced, evicted, removed, fired or rescheduled. Equal numbers mean equal
    /// lists, so a caller may keep something derived from a list (its JSON) for as
    /// long as the number stays the same.
    ///
    /// With a shared store, other engines change lists without telling, so every
    /// look gives a new number.
    package var pendingVersion: UInt64 {
        state.withLock { state in
            if sharedStore != nil { state.pendingVersion &+= 1 }
            return state.pendingVersion
        }
    }

    /// The app's pending requests as ``pendingRequests(for:)`` lists them, with the
    /// ``pendingVersion`` they are the list of.
    ///
    /// Every change of pending requests commits and moves the version under the
    /// engine's lock, so an unchanged version before and after the read means
    /// the read saw exactly that version. A read that a change overlapped is made
    /// again, the second time under the lock.
    package func versionedPendingRequests(for app: AppIdentifier) throws -> (requests: [PendingRequest], version: UInt64) {
        try Validator.validateApp(app)
        if sharedStore != nil { return (try read { try $0.pendingRequests(app) }, pendingVersion) }
        let before = pendingVersion
        let requests = try read { try $0.pendingRequests(app) }
        if pendingVersion == before { return (requests, before) }
        return try state.withLock { state in
            (try read { try $0.pendingRequests(app) }, state.pendingVersion)
        }
    }

    func removePendingNow(_ identifiers: [String], for app: AppIdentifier) throws {
        try Validator.validateApp(app)
        let identifiers = identifiers.map(\.canonical)
        try state.withLock { state in
            let removed = try write { try $0.deletePending(app, identifiers: identifiers) }
            for identifier in identifiers {
                forget(app: app, identifier: identifier, in: &state)
            }
            state.pendingCounts[app, default: 0] -= removed
            state.pendingVersion &+= 1
            refillIfNeeded(&state)
        }
        emit(.pendingChanged(app: app))
        sweepAttachments()
    }

    func removeAllPendingNow(for app: AppIdentifier) throws {
        try Validator.validateApp(app)
        try state.withLock { state in
            _ = try write { try $0.deleteAllPending(app) }
            state.window.removeAll(of: app)
            state.regions = state.regions.filter { $0.key.app != app }
            state.pendingCounts[app] = nil
            state.pendingVersion &+= 1
            refillIfNeeded(&state)
        }
        emit(.pendingChanged(app: app))
        sweepAttachments()
    }
}
