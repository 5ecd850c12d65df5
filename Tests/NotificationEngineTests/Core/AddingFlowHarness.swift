import Foundation
@testable import NotificationEngine

/// Runs the adding flow as the engine's runtime does (`addEach`), against
/// apps' records, pending requests and delivered attachments kept in memory,
/// and writes down each action the flow asked for. A transaction that fails
/// or is rolled back leaves the pending requests as they were.
struct AddingFlowHarness {
    typealias Action = AddingFlow.Action
    typealias Add = AddingFlow.Add
    static let start = EngineCoreTests.now
    static let app = EngineCoreTests.app
    static let other: AppIdentifier = "com.example.other"
    /// An app never asked for authorization.
    static let unauthorized: AppIdentifier = "com.example.unauthorized"

    var core: EngineCore
    /// The time the adds are made at.
    var now = start
    /// Each app's record; an app without one has not been asked for authorization.
    var records: [AppIdentifier: AppRecord] = [:]
    /// Each app's pending requests, as the store holds them.
    var pending: [AppIdentifier: [PendingRequest]] = [:]
    /// The attachments of each app's deliveries whose bytes are kept.
    var delivered: [AppIdentifier: [[NotificationAttachment]]] = [:]
    /// Whether other engines write the store: the records come with the apps'
    /// locks and the pending counts from the store.
    var coordinated = false
    /// The apps whose record cannot be read.
    var unreadable: Set<AppIdentifier> = []
    /// The transactions (counted from 0) that fail as they commit.
    var failing: Set<Int> = []
    var trace: [String] = []
    /// The plans saved, in order.
    var saved: [EngineCore.AddPlan] = []
    /// The apps told of a change of their pending requests, in order.
    var changed: [AppIdentifier] = []
    /// What the flow got out of order, if anything.
    var errors: [String] = []
    private var transactions = 0

    /// A harness on an empty store.
    init(limit: Int = 64, attachmentBytes: Int = .max) {
        var core = EngineCore(
            rules: EngineCore.Rules(
                pendingLimitPerApp: limit, attachmentBytesPerApp: attachmentBytes, lateTolerance: 1,
                clockCheckInterval: 10, deliveryRetention: 86_400, preferredLanguages: ["en"]),
            windowCapacity: 16, schedule: TriggerSchedule(timeZone: TimeZone(identifier: "UTC")!))
        core.loaded(counts: [:], soonest: [], located: [])
        self.init(core: core, pending: [], now: Self.start)
    }

    /// A request that fires `seconds` after it is added, or at once (`nil`), with
    /// an attachment of `size` bytes if given.
    static func request(
        _ identifier: String, after seconds: TimeInterval?, repeats: Bool = false, title: String = "T",
        attachment size: Int? = nil
    ) -> NotificationRequest {
        var content = NotificationContent(title: title)
        if let size {
            content.attachments = [
                NotificationAttachment(identifier: "a", type: .png, fileName: "a.png", size: size, digest: identifier)
            ]
        }
        return NotificationRequest(
            identifier: identifier, content: content,
            trigger: seconds.map { .timeInterval(TimeIntervalTrigger(interval: $0, repeats: repeats)) })
    }

    /// A harness on `core` as it is, the app holding `pending`.
    init(core: EngineCore, pending: [PendingRequest], now: Date) {
        self.core = core
        self.now = now
        self.pending = [Self.app: pending]
        records[Self.app] = EngineCoreTests.authorized
    }

    mutating func authorize(_ app: AppIdentifier) {
        records[app] = EngineCoreTests.authorized
    }

    /// The app's pending identifiers, soonest first (as the engine lists them).
    func identifiers(of app: AppIdentifier = app) -> [String] {
        listed(app).map(\.request.identifier)
    }

    /// The app's pending requests, soonest first; without a fire date, last.
    func listed(_ app: AppIdentifier = app) -> [PendingRequest] {
        pending[app, default: []].sorted {
            ($0.nextFireDate ?? .distantFuture, $0.request.identifier)
                < ($1.nextFireDate ?? .distantFuture, $1.request.identifier)
        }
    }

    /// One `add` call.
    @discardableResult
    mutating func add(_ requests: [NotificationRequest], for app: AppIdentifier = app) throws -> AddResult {
        try addEach([(requests, app)])[0].get()
    }

    /// The adds made as `addEach` makes them: each one's result, in order.
    mutating func addEach(_ adds: [Add]) -> [Result<AddResult, any Error>] {
        var flow = AddingFlow(adds)
        var after: [Action] = []
        do {
            after = try run(.started(now: now, cachesRecords: !coordinated), of: &flow)
        } catch {
            errors.append("\(error)")
        }
        for action in after {
            switch action {
            case .emitPendingChanged(let app): changed.append(app)
            case .retryAlone(let index): flow.results[index] = Result { try add(adds[index].requests, for: adds[index].app) }
            default: break
            }
        }
        return flow.results.map { $0 ?? .failure(NotificationError(.storeFailure, "the add was not made")) }
    }

    private mutating func run(_ event: AddingFlow.Event, of flow: inout AddingFlow) throws -> [Action] {
        var queue = try flow.handle(event, core: &core)[...]
        var after: [Action] = []
        while let action = queue.popFirst() {
            trace.append(Self.describe(action))
            if let read = perform(action, of: &flow, after: &after) {
                queue += try flow.handle(read, core: &core)
            }
        }
        return after
    }

    private mutating func perform(_ action: Action, of flow: inout AddingFlow, after: inout [Action]) -> AddingFlow.Event? {
        switch action {
        case .readRecord(let app): return .recordRead(record(app))
        case .write(let apps): return transact(apps, of: &flow)
        case .readPendingCount(let app, let cached, let isLimited):
            return .pendingCountRead(coordinated ? (isLimited ? pending[app, default: []].count : 0) : cached)
        case .readReplaced(let app, let identifiers):
            let held = Set(pending[app, default: []].map(\.request.identifier))
            return .replacedRead(identifiers.filter(held.contains))
        case .readLocationIdentifiers(let app):
            return .locationIdentifiersRead(Set(pending[app, default: []].filter(\.isLocated).map(\.request.identifier)))
        case .readLatest(let app, let limit): return .latestRead(latest(app, limit: limit))
        case .readAttachmentReferences(let app):
            let held = pending[app, default: []].map { ($0.request.identifier, $0.request.content.attachments) }
            return .attachmentReferencesRead(
                AttachmentReferences(pending: Dictionary(uniqueKeysWithValues: held), delivered: delivered[app] ?? []))
        case .save(let plan, let app):
            saved.append(plan)
            let gone = Set(plan.evicted.map(\.request.identifier) + plan.items.map(\.request.identifier))
            pending[app, default: []].removeAll { gone.contains($0.request.identifier) }
            pending[app, default: []] += plan.items
        case .announce, .notePendingChanged, .armTimer: break
        case .emitPendingChanged, .sweepAttachments, .fireDue, .retryAlone: after.append(action)
        }
        return nil
    }

    private func record(_ app: AppIdentifier) -> Result<AppRecord, any Error> {
        guard !unreadable.contains(app) else { return .failure(NotificationError(.storeFailure, "unreadable")) }
        return .success(records[app] ?? AppRecord(preferences: AppNotificationPreferences(), categories: [], badge: 0))
    }

    /// The app's `limit` latest-firing requests, latest first, as the stores order them.
    private func latest(_ app: AppIdentifier, limit: Int) -> [PendingRequest] {
        let sorted = pending[app, default: []].sorted {
            ($0.nextFireDate ?? .distantFuture, $0.addedDate, $0.request.identifier)
                > ($1.nextFireDate ?? .distantFuture, $1.addedDate, $1.request.identifier)
        }
        return Array(sorted.prefix(limit))
    }

    /// The group's transaction: the flow runs in it; it fails if asked to, and
    /// a failure or a rollback leaves the pending requests as they were.
    private mutating func transact(_ apps: [AppIdentifier], of flow: inout AddingFlow) -> AddingFlow.Event {
        let before = pending
        let number = transactions
        transactions += 1
        do {
            var locked: [AppIdentifier: AppRecord]?
            if coordinated {
                locked = try Set(apps).reduce(into: [:]) { records, app in records[app] = try record(app).get() }
            }
            _ = try run(.locked(locked), of: &flow)
            if failing.contains(number) { throw NotificationError(.storeFailure, "the commit failed") }
            return .committed
        } catch {
            pending = before
            trace.append("rollback")
            return .failed(error)
        }
    }

    /// The last part of the app's identifier: `core` for `com.example.core`.
    static func name(_ app: AppIdentifier) -> String {
        app.rawValue.split(separator: ".").last.map(String.init) ?? app.rawValue
    }

    static func describe(_ action: Action) -> String {
        switch action {
        case .readRecord(let app): "readRecord(\(name(app)))"
        case .write(let apps): "write(\(apps.map(name).joined(separator: ",")))"
        case .readPendingCount(let app, let cached, _): "readPendingCount(\(name(app)), cached: \(cached))"
        case .readReplaced(_, let identifiers): "readReplaced(\(identifiers.joined(separator: ",")))"
        case .readLocationIdentifiers(let app): "readLocationIdentifiers(\(name(app)))"
        case .readLatest(_, let limit): "readLatest(\(limit))"
        case .readAttachmentReferences: "readAttachmentReferences"
        case .save(let plan, _):
            "save(\(plan.items.map(\.request.identifier).joined(separator: ","))"
                + (plan.evicted.isEmpty ? "" : "; evicting \(plan.evicted.map(\.request.identifier).joined(separator: ","))")
                + ")"
        case .announce(let date): "announce(+\(Int(date.timeIntervalSince(start))))"
        case .notePendingChanged: "pendingChanged"
        case .armTimer: "armTimer"
        case .emitPendingChanged(let app): "emit(\(name(app)))"
        case .sweepAttachments: "sweep"
        case .fireDue: "fireDue"
        case .retryAlone(let index): "retryAlone(\(index))"
        }
    }
}
