import Foundation
@testable import NotificationEngine
import Testing

/// The adding flow's bookkeeping on its own: each add's result, and what the
/// engine does once the group's transaction committed or failed.
@Suite("Engine core: the adding flow")
struct AddingFlowTests {
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    static let a: AppIdentifier = "com.example.a"
    static let b: AppIdentifier = "com.example.b"

    static func pending(_ identifier: String, after seconds: TimeInterval?) -> PendingRequest {
        PendingRequest(
            request: NotificationRequest(identifier: identifier, content: NotificationContent(title: identifier)),
            nextFireDate: seconds.map { now.addingTimeInterval($0) }, addedDate: now)
    }

    static func flow(_ apps: [AppIdentifier]) -> AddingFlow {
        AddingFlow(apps.map { (requests: [], app: $0) })
    }

    static func plan(_ items: [PendingRequest], evicted: [PendingRequest] = [], replaced: [String] = [])
        -> EngineCore.AddPlan
    {
        EngineCore.AddPlan(items: items, evicted: evicted, replaced: replaced)
    }

    @Test("A commit tells each app that changed once, in the order of its first add, and sets each result")
    func committed() throws {
        var flow = Self.flow([Self.b, Self.a, Self.b, Self.a])
        flow.refuse(3, NotificationError(.pendingLimitReached, "refused"))
        let actions = flow.handle(.committed([
            .init(index: 0, app: Self.b, plan: Self.plan([Self.pending("x", after: 10)])),
            .init(index: 1, app: Self.a, plan: Self.plan([Self.pending("y", after: 20)])),
            .init(index: 2, app: Self.b, plan: Self.plan([Self.pending("z", after: 30)])),
        ], now: Self.now))
        #expect(actions == [.emitPendingChanged(Self.b), .emitPendingChanged(Self.a)])
        for index in 0..<3 {
            #expect(try flow.results[index]?.get().evictedIdentifiers == [])
        }
        #expect(flow.refusedAny)
    }

    @Test(
        "Evictions and replacements sweep attachments; a request due now fires",
        arguments: [
            (false, false, false, [AddingFlow.Action.emitPendingChanged(a)]),
            (true, false, false, [.emitPendingChanged(a), .sweepAttachments]),
            (false, true, false, [.emitPendingChanged(a), .sweepAttachments]),
            (false, false, true, [.emitPendingChanged(a), .fireDue]),
            (true, true, true, [.emitPendingChanged(a), .sweepAttachments, .fireDue]),
        ])
    func after(evicts: Bool, replaces: Bool, dueNow: Bool, expected: [AddingFlow.Action]) throws {
        var flow = Self.flow([Self.a])
        let evicted = evicts ? [Self.pending("old", after: 99)] : []
        let plan = Self.plan(
            [Self.pending("new", after: dueNow ? 0 : 5)], evicted: evicted, replaced: replaces ? ["new"] : [])
        #expect(flow.handle(.committed([.init(index: 0, app: Self.a, plan: plan)], now: Self.now)) == expected)
        #expect(try flow.results[0]?.get().evictedIdentifiers == (evicts ? ["old"] : []))
        #expect(!flow.refusedAny)
    }

    @Test("A failed transaction is a lone add's result; a group's adds are each made again alone")
    func failed() throws {
        let failure = NotificationError(.storeFailure, "down")
        var lone = Self.flow([Self.a])
        #expect(lone.handle(.failed(candidates: [0], error: failure)).isEmpty)
        #expect(throws: NotificationError.self) { try lone.results[0]?.get() }

        var group = Self.flow([Self.a, Self.b, Self.a])
        group.refuse(1, NotificationError(.pendingLimitReached, "refused"))
        #expect(group.handle(.failed(candidates: [0, 2], error: failure)) == [.retryAlone(0), .retryAlone(2)])
        #expect(group.results[0] == nil && group.results[2] == nil)
        #expect(group.refusedAny)
    }
}
