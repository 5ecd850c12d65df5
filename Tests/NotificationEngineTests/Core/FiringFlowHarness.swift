import Foundation
@testable import NotificationEngine

/// Runs the firing flow as the engine's runtime does, against pending requests
/// and an outbox kept in memory, and writes down each action the flow asked
/// for, with dates in seconds after ``EngineCoreTests/now``.
struct FiringFlowHarness {
    typealias Action = FiringFlow.Action
    static let app = EngineCoreTests.app
    static let start = EngineCoreTests.now

    var core: EngineCore
    /// The app's pending requests, as the store holds them.
    var pending: [PendingRequest] = []
    var outbox: [DeliveryID] = []
    /// The deliveries committed, batch by batch.
    var batches: [[Delivery]] = []
    var trace: [String] = []
    /// The commits (counted from 0) whose transaction fails.
    var failing: Set<Int> = []
    /// Whether another engine holds the app's lock (a coordinated claim skips its rows).
    var appHeld = false
    private var commits = 0

    init(limit: Int = 64, window: Int = 16) {
        core = EngineCoreTests.core(limit: limit, window: window)
    }

    /// Adds requests as the adding flow would, and starts the core from the store.
    mutating func add(_ requests: [NotificationRequest], at now: Date = start) throws {
        try EngineCoreTests.add(requests, to: &core, pending: &pending, at: now)
        let entries = soonest(limit: core.window.capacity + 1)
        core.loaded(counts: [Self.app: pending.count], soonest: entries, located: [])
    }

    /// Sends `event` to `flow` and runs every action that follows, as the
    /// runtime does: the flow is done when it asks for nothing more.
    mutating func run(_ flow: inout FiringFlow, _ event: FiringFlow.Event) {
        var queue = flow.handle(event, core: &core)[...]
        var next: FiringFlow.Event?
        while true {
            guard let action = queue.popFirst() else {
                guard let event = next else { return }
                next = nil
                queue += flow.handle(event, core: &core)
                continue
            }
            trace.append(describe(action))
            switch action {
            case .nextBatch:
                let now = flow.now
                queue += flow.handle(.due(now: now), core: &core)
            case .readWindow(let limit):
                let entries = soonest(limit: limit)
                queue += flow.handle(.windowRead(entries), core: &core)
            case .readAhead(let entry, let limit):
                let entries = soonest(limit: limit, after: entry)
                queue += flow.handle(.readAhead(entries), core: &core)
            case .commit(let items, _): queue += commit(items, of: &flow)
            case .present(let firing): next = .presented(handedOver: firing.deliveries.map(\.id))
            case .clearOutbox(let ids): outbox.removeAll { ids.contains($0) }
            case .prefetch, .save, .announce, .logProblems, .notePendingChanged, .cacheBadges, .prune, .armTimer,
                .rearm, .sweepAttachments:
                break
            }
        }
    }

    /// The batch's transaction: the claim from the store, then what the flow
    /// saves, written unless this commit fails.
    private mutating func commit(_ items: [EngineCore.FireItem], of flow: inout FiringFlow) -> [Action] {
        defer { commits += 1 }
        var loaded: FiringClaim.Loaded = [:]
        for item in items where !appHeld {
            guard let request = pending.first(where: { $0.request.identifier == item.identifier }) else { continue }
            loaded[RegionKey(app: item.app, identifier: item.identifier)] = (EngineCoreTests.record(request), request.request)
        }
        let claim = FiringClaim(
            apps: appHeld ? [:] : [Self.app: EngineCoreTests.authorized], loaded: loaded,
            lockedApps: appHeld ? [] : [Self.app], skipped: appHeld ? items : [])
        var saved: EngineCore.Firing?
        for action in flow.handle(.claimed(claim), core: &core) {
            trace.append(describe(action))
            if case .save(let firing, let clearing) = action, !failing.contains(commits) {
                save(firing, clearing: clearing)
                saved = firing
            }
        }
        return flow.handle(saved.map { .committed($0) } ?? .commitFailed, core: &core)
    }

    private mutating func save(_ firing: EngineCore.Firing, clearing: [DeliveryID]) {
        outbox.removeAll { clearing.contains($0) }
        outbox += firing.deliveries.map(\.id)
        batches.append(firing.deliveries)
        let finished = Set(firing.finished.map(\.identifier))
        pending.removeAll { finished.contains($0.request.identifier) }
        for (_, next) in firing.rescheduled {
            pending.removeAll { $0.request.identifier == next.request.identifier }
            pending.append(next)
        }
    }

    /// The store's due entries in due-queue order, after `entry` if given.
    func soonest(limit: Int, after entry: DueEntry? = nil) -> [DueEntry] {
        let entries = pending.compactMap { pending in
            pending.nextFireDate.map { DueEntry(app: Self.app, identifier: pending.request.identifier, date: $0) }
        }
        return Array(entries.sorted { $0.comesBefore($1) }.filter { entry.map($0.comesAfter) ?? true }.prefix(limit))
    }

    func describe(_ action: Action) -> String {
        switch action {
        case .readWindow: "readWindow"
        case .readAhead(let entry, _): "readAhead(after: \(entry.identifier))"
        case .prefetch(let keys): "prefetch(\(keys.map(\.identifier).joined(separator: ",")))"
        case .commit(let items, let waiting): "commit(\(items.map(\.identifier).joined(separator: ",")))"
            + (waiting ? " waiting" : "")
        case .save(let firing, let clearing): "save(\(Self.names(firing)); clearing \(clearing.count))"
        case .announce(let date): "announce(\(Self.seconds(date)))"
        case .logProblems: "logProblems"
        case .notePendingChanged: "pendingChanged"
        case .cacheBadges(let badges): "badges(\(badges.values.sorted()))"
        case .prune: "prune"
        case .armTimer(let date): "armTimer(\(date.map(Self.seconds) ?? "none"))"
        case .rearm(let date): "rearm(\(Self.seconds(date)))"
        case .present(let firing): "present(\(Self.names(firing)))"
        case .sweepAttachments: "sweep"
        case .clearOutbox(let ids): "clearOutbox(\(ids.count))"
        case .nextBatch: "nextBatch"
        }
    }

    /// A batch's deliveries, a late one marked with `!`.
    static func names(_ firing: EngineCore.Firing) -> String {
        firing.deliveries.map { $0.request.identifier + ($0.isLate ? "!" : "") }.joined(separator: ",")
    }

    /// `+` and the seconds after ``start``, to the millisecond.
    static func seconds(_ date: Date) -> String {
        let seconds = (date.timeIntervalSince(start) * 1000).rounded() / 1000
        return seconds == seconds.rounded() ? "+\(Int(seconds))" : "+\(seconds)"
    }
}

extension DueEntry {
    fileprivate func comesAfter(_ other: DueEntry) -> Bool { other.comesBefore(self) }
}
