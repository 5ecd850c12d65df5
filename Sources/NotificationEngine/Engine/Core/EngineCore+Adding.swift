import Foundation

extension EngineCore {
    /// What an add will write, decided before anything is written.
    struct AddPlan: Equatable {
        /// The requests to save, identifiers in NFC, with their first fire dates.
        var items: [PendingRequest]
        /// The app's requests the pending limit drops.
        var evicted: [PendingRequest]
        /// The identifiers of the app's pending requests that items replace.
        var replaced: [String]

        /// How the app's pending count changes.
        var countChange: Int { items.count - evicted.count - replaced.count }
    }

    /// Who makes an add: the app, or a push (a request with the
    /// ``NotificationTrigger/push`` trigger, which only a push may make).
    enum AddOrigin: Equatable {
        case app, push
    }

    /// Checks that `app` may add `requests` now and turns them into pending
    /// items with their first fire dates, identifiers in NFC; a later request
    /// with the same identifier as an earlier one wins. An app's requests may
    /// not have the push trigger; a push's must.
    func pendingItems(
        for requests: [NotificationRequest], of app: AppIdentifier, record: AppRecord, now: Date,
        origin: AddOrigin = .app
    ) throws -> [PendingRequest] {
        try Validator.validateApp(app)
        try record.requireAuthorization(app: app)
        var byIdentifier: [String: Int] = [:]
        var items: [PendingRequest] = []
        for request in requests.map(\.canonical) {
            let first =
                switch origin {
                case .app: try Validator.validate(request, categories: record.categories, schedule: schedule, now: now)
                case .push: try Validator.validatePushed(request, now: now)
                }
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

    /// How many requests the pending limit must drop if `items` are added to an
    /// app with `count` pending, `replaced` of which they replace; the engine
    /// then reads that many and `replaced.count` more of the app's latest-firing
    /// requests for ``plan(_:for:count:replaced:latest:)``. What a push delivers
    /// does not count against the limit, as on iOS: an add of pushes alone drops
    /// nothing, even while the app's count holds pushes of a group not fired yet.
    func overflow(adding items: [PendingRequest], count: Int, replaced: [String]) -> Int {
        let limited = items.count(where: { $0.request.trigger != .push })
        guard limited > 0 else { return 0 }
        return max(0, count - replaced.count + limited - rules.pendingLimitPerApp)
    }

    /// Decides which requests the pending limit drops: the latest-firing of the
    /// app's requests and the new ones; among equals, new ones first (so the 65th
    /// is refused), then the later added. Throws if a new request would be dropped.
    ///
    /// - Parameter latest: The app's latest-firing pending requests, latest first,
    ///   at least ``overflow(adding:count:replaced:)`` + `replaced.count` of them
    ///   (none when nothing overflows).
    func plan(
        _ items: [PendingRequest], for app: AppIdentifier, count: Int, replaced: [String], latest: [PendingRequest]
    ) throws -> AddPlan {
        let overflow = overflow(adding: items, count: count, replaced: replaced)
        guard overflow > 0 else { return AddPlan(items: items, evicted: [], replaced: replaced) }
        let replacedSet = Set(replaced)
        let existing = latest.filter { !replacedSet.contains($0.request.identifier) }
        let candidates = existing.map { ($0, false) } + items.map { ($0, true) }
        let dropped = candidates.sorted { Self.firesLater($0, than: $1) }.prefix(overflow)
        if dropped.contains(where: { $0.1 }) {
            throw NotificationError(
                .pendingLimitReached,
                "\(app) already has \(count) pending requests (the limit is \(rules.pendingLimitPerApp)) "
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

    /// Checks Core Location's limit of regions per app
    /// (``NotificationLimits/maximumRegionsPerApp``): the app's location-triggered
    /// requests (`watched` as the store has them, with other writers; else those
    /// this engine watches) less `released` (those its adds earlier in the group
    /// replaced or evicted) with `planned` (the location-triggered ones they add),
    /// less those `items` replace, plus the location-triggered ones among `items`.
    /// A request replacing one of the same identifier counts once.
    ///
    /// - Throws: ``NotificationError/Code/regionLimitReached`` when they would be more.
    func checkRegionLimit(
        _ items: [PendingRequest], for app: AppIdentifier, watched stored: Set<String>? = nil,
        planned: Set<String> = [], released: Set<String> = []
    ) throws {
        let located = items.filter(\.isLocated).map(\.request.identifier)
        guard !located.isEmpty else { return }
        var watched = stored ?? Set(regions.keys.lazy.filter { $0.app == app }.map(\.identifier))
        watched.subtract(released)
        watched.formUnion(planned)
        watched.subtract(items.map(\.request.identifier))
        let limit = NotificationLimits.maximumRegionsPerApp
        guard watched.count + located.count > limit else { return }
        throw NotificationError(
            .regionLimitReached,
            "\(app) already has \(watched.count) location-triggered requests pending and the limit is \(limit) "
                + "per app, as Core Location's for regions: remove one first")
    }

    /// An add planned as `plan` committed.
    mutating func committed(_ plan: AddPlan, for app: AppIdentifier) {
        for gone in plan.evicted.map({ $0.request.identifier }) + plan.replaced {
            forget(app: app, identifier: gone)
        }
        for item in plan.items {
            watch(item, for: app)
        }
        pendingCounts[app, default: 0] += plan.countChange
    }
}

extension PendingRequest {
    /// Whether the request has a location trigger.
    var isLocated: Bool {
        if case .location = request.trigger { true } else { false }
    }
}
