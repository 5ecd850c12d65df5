import Foundation

/// The adding flow as a state machine without I/O: one `add` call, or a group
/// of independent adds committed in one transaction (group commit). What the
/// engine read and committed comes in as events; what it does next comes out
/// as actions, in order. The decisions are the core's
/// (``EngineCore/pendingItems(for:of:record:now:)``,
/// ``EngineCore/overflow(adding:count:replaced:)``,
/// ``EngineCore/plan(_:for:count:replaced:latest:)``,
/// ``EngineCore/checkAttachmentQuota(_:for:holding:)``); the flow sequences them
/// over the group, and decides what a refusal does.
///
/// Each add is validated, authorized and planned against the pending limit as
/// a lone `add` is, seeing the adds before it in the group: of two adds with the
/// same identifier the later replaces the earlier, an add may evict what an
/// earlier one added, and an app's pending count is carried from one of its
/// adds to the next. A refused add of a group changes nothing while the others
/// go ahead; a lone add's refusal rolls its transaction back (``handle(_:core:)``
/// throws it). Should the transaction of a group fail, each of its adds is made
/// again alone, so a store failure reaches only the adds it concerns.
///
/// The runtime (`NotificationEngine+Adding.swift`) imports the attachments
/// first (a failure is ``refuse(_:_:)``), then runs the actions in one
/// `switch` under the `scheduling` lock: ``Action/write(locking:)`` opens the
/// transaction, in which the reads, ``Action/save(_:for:)`` and
/// ``Action/announce(_:)`` run; the last four actions it keeps for after the
/// lock. The clock comes in with ``Event/started(now:cachesRecords:)``.
struct AddingFlow {
    /// One add of the group: what one `add` call adds.
    typealias Add = (requests: [NotificationRequest], app: AppIdentifier)

    /// An add of the group the transaction planned.
    struct Planned {
        var index: Int
        var app: AppIdentifier
        var plan: EngineCore.AddPlan
    }

    enum Event {
        /// It is `now`: go through the adds not refused yet. `cachesRecords`:
        /// the apps' records are read before the transaction (a single writer,
        /// whose records are the engine's), not with the apps' locks in it.
        case started(now: Date, cachesRecords: Bool)
        /// The app's record, as ``Action/readRecord(_:)`` asked.
        case recordRead(Result<AppRecord, any Error>)
        /// The transaction began, its apps locked; with other writers, their
        /// records as read with the locks (`nil` with a single writer).
        case locked([AppIdentifier: AppRecord]?)
        /// In the transaction: the app's pending count, as ``Action/readPendingCount(_:cached:isLimited:)`` asked.
        case pendingCountRead(Int)
        /// In the transaction: which of the add's identifiers the app has pending.
        case replacedRead([String])
        /// In the transaction: the app's pending location-triggered requests, as
        /// ``Action/readLocationIdentifiers(_:)`` asked.
        case locationIdentifiersRead(Set<String>)
        /// In the transaction: the app's latest-firing pending requests, latest first.
        case latestRead([PendingRequest])
        /// In the transaction: the attachments the app's requests and deliveries hold.
        case attachmentReferencesRead(AttachmentReferences)
        /// The transaction committed.
        case committed
        /// The transaction failed with `error`; nothing of it was written.
        case failed(any Error)
    }

    enum Action: Equatable {
        /// Read the app's record (``Event/recordRead(_:)``).
        case readRecord(AppIdentifier)
        /// Begin the transaction, locking these apps (``Event/locked(_:)``);
        /// ``Event/committed`` or ``Event/failed(_:)`` follows its end.
        case write(locking: [AppIdentifier])
        /// In the transaction: the app's pending count, `cached` (the engine's
        /// own) with a single writer (``Event/pendingCountRead(_:)``).
        case readPendingCount(AppIdentifier, cached: Int, isLimited: Bool)
        /// In the transaction: which of these identifiers the app has pending (``Event/replacedRead(_:)``).
        case readReplaced(AppIdentifier, among: [String])
        /// In the transaction, with other writers and an add with location triggers:
        /// the app's pending location-triggered requests, which the engine's own
        /// regions do not know all of (``Event/locationIdentifiersRead(_:)``).
        case readLocationIdentifiers(AppIdentifier)
        /// In the transaction: the app's `limit` latest-firing pending requests (``Event/latestRead(_:)``).
        case readLatest(AppIdentifier, limit: Int)
        /// In the transaction: the app's attachments (``Event/attachmentReferencesRead(_:)``).
        case readAttachmentReferences(AppIdentifier)
        /// In the transaction: delete what the plan evicts, save its items.
        case save(EngineCore.AddPlan, for: AppIdentifier)
        /// In the transaction: tell the other engines of this fire date on commit.
        case announce(Date)
        /// After the commit: the pending requests changed.
        case notePendingChanged
        /// After the commit: arm the timer for what the core says.
        case armTimer
        /// After the lock: the app's pending requests changed.
        case emitPendingChanged(AppIdentifier)
        /// After the lock: requests were evicted or replaced, their attachments may be free.
        case sweepAttachments
        /// After the lock: a request added is due now.
        case fireDue
        /// After the lock: the add at this index is made again on its own.
        case retryAlone(Int)
    }

    /// The add being planned in the transaction, with what was read for it.
    private struct Planning {
        var index: Int
        var app: AppIdentifier
        var items: [PendingRequest]
        var count = 0
        var replaced: [String] = []
        /// The app's location-triggered requests as the store has them, read with other writers.
        var located: Set<String>?
        var plan: EngineCore.AddPlan?
    }

    var adds: [Add]
    /// Who makes the adds: the apps, or a push (whose request does not count
    /// against the pending limit).
    let origin: EngineCore.AddOrigin
    /// Each add's result, once it has one.
    var results: [Result<AddResult, any Error>?]
    /// The attachments the adds stored, pinned until the group is done.
    var pinned: [String] = []
    /// The time the adds are made at.
    private(set) var now = Date.distantPast
    private var cachesRecords = false
    /// Whether the flow waits for the record of the next add's app.
    private var awaitsRecord = false
    /// The next add to admit before the transaction.
    private var next = 0
    /// The apps' records read before the transaction.
    private var known: [AppIdentifier: AppRecord] = [:]
    /// The adds that go into the transaction, in order.
    private var candidates: [(index: Int, app: AppIdentifier)] = []
    /// In the transaction: the apps' records, the candidate being planned, and
    /// each app's pending count after the adds planned so far.
    private var records: [AppIdentifier: AppRecord] = [:]
    private var position = 0
    private var planning: Planning?
    private var counts: [AppIdentifier: Int] = [:]
    private var planned: [Planned] = []
    /// In the transaction: the location-triggered requests each app's adds
    /// planned so far add, and the requests they replace or evict.
    private var located: [AppIdentifier: (planned: Set<String>, released: Set<String>)] = [:]

    init(_ adds: [Add], origin: EngineCore.AddOrigin = .app) {
        self.adds = adds
        self.origin = origin
        results = Array(repeating: nil, count: adds.count)
    }

    /// Whether the group is one `add` call, which is refused as a whole.
    var isLone: Bool { adds.count == 1 }

    var refusedAny: Bool {
        results.contains { result in
            if case .failure = result { true } else { false }
        }
    }

    /// The add at `index` is refused with `error` (the runtime's attachments
    /// could not be imported, or the flow refused it).
    mutating func refuse(_ index: Int, _ error: any Error) {
        results[index] = .failure(error)
    }

    /// What the engine does next after `event`, with `core` deciding and, on a
    /// commit, kept in step.
    ///
    /// - Throws: A lone add's refusal (validation, authorization, the pending
    ///   limit, the attachment quota), which rolls its transaction back;
    ///   ``NotificationError/Code/storeFailure`` for an app whose record was not
    ///   read or an event out of order.
    mutating func handle(_ event: Event, core: inout EngineCore) throws -> [Action] {
        switch event {
        case .started(let now, let cachesRecords):
            (self.now, self.cachesRecords, next) = (now, cachesRecords, 0)
            return admit()
        case .recordRead(let read):
            guard awaitsRecord else { throw Self.outOfOrder(event) }
            awaitsRecord = false
            admitted(read)
            return admit()
        case .locked(let locked):
            (records, position, counts, planned, located) = (locked ?? known, 0, [:], [], [:])
            return try planNext(core)
        case .pendingCountRead, .replacedRead, .locationIdentifiersRead, .latestRead, .attachmentReferencesRead:
            guard let planning else { throw Self.outOfOrder(event) }
            return try read(event, for: planning, core)
        case .committed:
            return committed(&core)
        case .failed(let error):
            return failed(error)
        }
    }

    private static func outOfOrder(_ event: Event) -> NotificationError {
        NotificationError(.storeFailure, "the adding flow got \(event) out of order")
    }

    // MARK: Steps

    /// Goes through the adds from the next one, refusing those whose app is
    /// invalid, until one needs its app's record read; then, if any add is
    /// left, the transaction.
    private mutating func admit() -> [Action] {
        while next < adds.count {
            let (index, app) = (next, adds[next].app)
            guard results[index] == nil else {
                next += 1
                continue
            }
            do {
                try Validator.validateApp(app)
            } catch {
                refuse(index, error)
                next += 1
                continue
            }
            if cachesRecords, known[app] == nil {
                awaitsRecord = true
                return [.readRecord(app)]
            }
            candidates.append((index, app))
            next += 1
        }
        return candidates.isEmpty ? [] : [.write(locking: candidates.map(\.app))]
    }

    /// The record of the next add's app was read, or reading it failed (the
    /// add is refused; a later add of the app reads it again).
    private mutating func admitted(_ read: Result<AppRecord, any Error>) {
        let (index, app) = (next, adds[next].app)
        switch read {
        case .success(let record):
            known[app] = record
            candidates.append((index, app))
        case .failure(let error):
            refuse(index, error)
        }
        next += 1
    }

    /// Plans the next candidate: its items (a refusal skips it in a group),
    /// then its app's pending count, unless an earlier add of the app left it;
    /// after the last, the announcement of the soonest fire date planned.
    private mutating func planNext(_ core: EngineCore) throws -> [Action] {
        while position < candidates.count {
            let (index, app) = candidates[position]
            let record = try Self.record(app, in: records)
            let items: [PendingRequest]
            do {
                items = try core.pendingItems(
                    for: adds[index].requests, of: app, record: record, now: now, origin: origin)
            } catch where !isLone {
                refuse(index, error)
                position += 1
                continue
            }
            planning = Planning(index: index, app: app, items: items)
            guard let count = counts[app] else {
                let cached = core.pendingCounts[app] ?? 0
                return [.readPendingCount(app, cached: cached, isLimited: core.rules.pendingLimitPerApp < .max)]
            }
            return counted(count)
        }
        planning = nil
        let soonest = planned.lazy.flatMap { $0.plan.items.compactMap(\.nextFireDate) }.min()
        return soonest.map { [.announce($0)] } ?? []
    }

    /// The app's record among those read for the transaction.
    private static func record(_ app: AppIdentifier, in records: [AppIdentifier: AppRecord]) throws -> AppRecord {
        guard let record = records[app] else {
            throw NotificationError(.storeFailure, "the record of \(app) was not read")
        }
        return record
    }

    /// What was read in the transaction for the add being planned.
    private mutating func read(_ event: Event, for current: Planning, _ core: EngineCore) throws -> [Action] {
        switch event {
        case .pendingCountRead(let count):
            return counted(count)
        case .replacedRead(let replaced):
            planning?.replaced = replaced
            guard cachesRecords || !current.items.contains(where: \.isLocated) else {
                return [.readLocationIdentifiers(current.app)]
            }
            return try planAgainstLimit(core)
        case .locationIdentifiersRead(let located):
            planning?.located = located
            return try planAgainstLimit(core)
        case .latestRead(let latest):
            return try decide(latest: latest, core)
        case .attachmentReferencesRead(let held):
            guard let plan = current.plan else { throw NotificationError(.storeFailure, "no plan to check") }
            do {
                try core.checkAttachmentQuota(plan, for: current.app, holding: held)
            } catch where skips(error) {
                return try skip(current.index, error, core)
            }
            return try accept(plan, core)
        default:
            throw Self.outOfOrder(event)
        }
    }

    /// With the replaced requests (and the location-triggered ones) read: the
    /// plan, after the app's latest-firing requests if the pending limit evicts.
    private mutating func planAgainstLimit(_ core: EngineCore) throws -> [Action] {
        guard let current = planning else { return [] }
        let overflow = core.overflow(adding: current.items, count: current.count, replaced: current.replaced)
        guard overflow > 0 else { return try decide(latest: [], core) }
        return [.readLatest(current.app, limit: overflow + current.replaced.count)]
    }

    private mutating func counted(_ count: Int) -> [Action] {
        planning?.count = count
        guard let planning else { return [] }
        return [.readReplaced(planning.app, among: planning.items.map(\.request.identifier))]
    }

    /// The core's plan from the app's latest-firing requests; if its items
    /// carry attachments, what the app holds is read to check the quota.
    private mutating func decide(latest: [PendingRequest], _ core: EngineCore) throws -> [Action] {
        guard let current = planning else { return [] }
        let plan: EngineCore.AddPlan
        do {
            let group = located[current.app] ?? ([], [])
            try core.checkRegionLimit(
                current.items, for: current.app, watched: current.located, planned: group.planned, released: group.released)
            plan = try core.plan(
                current.items, for: current.app, count: current.count, replaced: current.replaced, latest: latest)
        } catch where skips(error) {
            return try skip(current.index, error, core)
        }
        guard EngineCore.carriesAttachments(current.items) else { return try accept(plan, core) }
        planning?.plan = plan
        return [.readAttachmentReferences(current.app)]
    }

    /// Whether a refusal by the limit or the quota skips the add (in a group)
    /// rather than rolling the transaction back (a lone add).
    private func skips(_ error: any Error) -> Bool {
        guard !isLone, let error = error as? NotificationError else { return false }
        return error.code == .pendingLimitReached || error.code == .payloadTooLarge || error.code == .regionLimitReached
    }

    private mutating func skip(_ index: Int, _ error: any Error, _ core: EngineCore) throws -> [Action] {
        refuse(index, error)
        position += 1
        return try planNext(core)
    }

    /// The add is planned: it is saved, and its app's count carried to the next of its adds.
    private mutating func accept(_ plan: EngineCore.AddPlan, _ core: EngineCore) throws -> [Action] {
        guard let current = planning else { return [] }
        counts[current.app] = current.count + plan.countChange
        let gone = (plan.evicted + plan.items).map(\.request.identifier)
        located[current.app, default: ([], [])].released.formUnion(gone)
        located[current.app, default: ([], [])].planned.subtract(gone)
        located[current.app, default: ([], [])].planned.formUnion(plan.items.filter(\.isLocated).map(\.request.identifier))
        planned.append(Planned(index: current.index, app: current.app, plan: plan))
        position += 1
        return [.save(plan, for: current.app)] + (try planNext(core))
    }

    /// The transaction committed: the core follows each plan, each add gets
    /// its result; each app that changed hears of it once, in the order of its
    /// first add, then attachments are swept if any were freed, then what is
    /// due now fires.
    private mutating func committed(_ core: inout EngineCore) -> [Action] {
        var changed: [AppIdentifier] = []
        var (freed, firesNow) = (false, false)
        for add in planned {
            core.committed(add.plan, for: add.app)
            results[add.index] = .success(AddResult(evictedIdentifiers: add.plan.evicted.map { $0.request.identifier }))
            if !changed.contains(add.app) { changed.append(add.app) }
            freed = freed || !add.plan.evicted.isEmpty || !add.plan.replaced.isEmpty
            firesNow = firesNow || add.plan.items.contains { $0.nextFireDate.map { $0 <= now } ?? false }
        }
        let noted: [Action] = planned.isEmpty ? [.armTimer] : [.notePendingChanged, .armTimer]
        return noted + changed.map(Action.emitPendingChanged) + (freed ? [.sweepAttachments] : [])
            + (firesNow ? [.fireDue] : [])
    }

    /// The transaction failed: a lone add's failure is its result; each add of
    /// a group that was in it is made again alone.
    private mutating func failed(_ error: any Error) -> [Action] {
        planned = []
        planning = nil
        let indices = candidates.map(\.index)
        guard !isLone else {
            indices.forEach { refuse($0, error) }
            return []
        }
        for index in indices { results[index] = nil }
        return indices.map(Action.retryAlone)
    }
}
