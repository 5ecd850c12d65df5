import Foundation
@testable import NotificationEngine
import Testing

/// The firing flow on its own: what the engine read and committed in, the
/// engine's actions out, run against requests kept in memory
/// (``FiringFlowHarness``); no store, clock or lock.
@Suite("Engine core: the firing flow")
struct FiringFlowTests {
    typealias Harness = FiringFlowHarness
    static let start = Harness.start

    static func timing(readsAhead: Bool = true) -> FiringFlow.Timing {
        FiringFlow.Timing(
            readsAhead: readsAhead, appLockRecheckDelay: 0.01, claimRecheckDelay: 0.25, appLockSkipsBeforeWaiting: 4,
            retryDelay: 1)
    }

    static func request(_ identifier: String, after seconds: TimeInterval, repeats: Bool = false) -> NotificationRequest {
        EngineCoreTests.request(identifier, after: seconds, repeats: repeats)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var window = 16
        /// Each request's identifier, seconds until it fires and whether it repeats.
        var requests: [(String, TimeInterval, Bool)]
        /// When the flow fires, in seconds after the start.
        var at: TimeInterval
        var failing: Set<Int> = []
        var readsAhead = true
        var appHeld = false
        var trace: [String]
        /// Each batch's deliveries, a late one marked with `!`.
        var batches: [String]
        /// The requests still pending, with their next fire dates.
        var pending: [String]

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a one-shot request fires on time, ends, and its outbox entry goes once it is presented",
            requests: [("a", 10, false)], at: 10,
            trace: ["commit(a)", "save(a; clearing 0)", "pendingChanged", "present(a)", "sweep", "nextBatch", "prune",
                    "armTimer(+86410)", "clearOutbox(1)"],
            batches: ["a"], pending: []),
        Case(
            name: "due batches go a window's worth at a time, each clearing the outbox of the one before, the next read ahead",
            window: 2, requests: [("a", 10, false), ("b", 10, false), ("c", 10, false), ("d", 10, false), ("e", 10, false)],
            at: 10,
            trace: ["readAhead(after: b)", "prefetch(c,d)", "commit(a,b)", "save(a,b; clearing 0)", "pendingChanged",
                    "present(a,b)", "sweep", "nextBatch", "readAhead(after: d)", "prefetch(e)", "commit(c,d)",
                    "save(c,d; clearing 2)", "pendingChanged", "present(c,d)", "sweep", "nextBatch", "commit(e)",
                    "save(e; clearing 2)", "pendingChanged", "present(e)", "sweep", "nextBatch", "prune",
                    "armTimer(+86410)", "clearOutbox(1)"],
            batches: ["a,b", "c,d", "e"], pending: []),
        Case(
            name: "with other writers nothing is read ahead: the transaction claims the rows",
            window: 2, requests: [("a", 10, false), ("b", 10, false), ("c", 10, false)], at: 10, readsAhead: false,
            trace: ["commit(a,b)", "save(a,b; clearing 0)", "pendingChanged", "present(a,b)", "sweep", "nextBatch",
                    "readWindow", "commit(c)", "save(c; clearing 2)", "pendingChanged", "present(c)", "sweep",
                    "nextBatch", "prune", "armTimer(+86410)", "clearOutbox(1)"],
            batches: ["a,b", "c"], pending: []),
        Case(
            name: "a repeating request fires, is rescheduled a period on, announced, and the timer set for it",
            requests: [("nag", 60, true), ("later", 90, false)], at: 60,
            trace: ["commit(nag)", "save(nag; clearing 0)", "announce(+120)", "pendingChanged", "present(nag)",
                    "sweep", "nextBatch", "prune", "armTimer(+70)", "clearOutbox(1)"],
            batches: ["nag"], pending: ["later +90", "nag +120"]),
        Case(
            name: "after downtime a repeating request missed ten times and a one-shot fire once each, late",
            requests: [("nag", 60, true), ("once", 120, false)], at: 630,
            trace: ["commit(nag,once)", "save(nag!,once!; clearing 0)", "announce(+660)", "pendingChanged",
                    "present(nag!,once!)", "sweep", "nextBatch", "prune", "armTimer(+640)", "clearOutbox(2)"],
            batches: ["nag!,once!"], pending: ["nag +660"]),
        Case(
            name: "nothing due: the timer is armed for the first date, and nothing is committed",
            requests: [("a", 60, false)], at: 30,
            trace: ["prune", "armTimer(+40)"], batches: [], pending: ["a +60"]),
        Case(
            name: "a failed commit keeps nothing, forgets the window and tries again a second later",
            requests: [("a", 10, false)], at: 10, failing: [0],
            trace: ["commit(a)", "save(a; clearing 0)", "rearm(+11)"], batches: [], pending: ["a +10"]),
        Case(
            name: "a commit failing after a batch clears that batch's outbox entries on its own",
            window: 1, requests: [("a", 10, false), ("b", 10, false)], at: 10, failing: [1],
            trace: ["readAhead(after: a)", "prefetch(b)", "commit(a)", "save(a; clearing 0)", "pendingChanged",
                    "present(a)", "sweep", "nextBatch", "commit(b)", "save(b; clearing 1)", "rearm(+11)",
                    "clearOutbox(1)"],
            batches: ["a"], pending: ["b +10"]),
        Case(
            name: "rows of an app another engine holds are put back and looked at again 10 ms later",
            requests: [("a", 10, false)], at: 10, readsAhead: false, appHeld: true,
            trace: ["commit(a)", "save(; clearing 0)", "armTimer(+10.01)", "present()", "sweep", "nextBatch", "prune",
                    "armTimer(+10.01)"],
            batches: [""], pending: ["a +10"]),
    ]

    @Test("Firing what is due", arguments: cases)
    func firing(_ test: Case) throws {
        var harness = Harness(window: test.window)
        try harness.add(test.requests.map { Self.request($0.0, after: $0.1, repeats: $0.2) })
        harness.failing = test.failing
        harness.appHeld = test.appHeld
        var flow = FiringFlow(.due, timing: Self.timing(readsAhead: test.readsAhead))
        harness.run(&flow, .due(now: Self.start + test.at))
        #expect(harness.trace == test.trace)
        #expect(harness.batches.map { Harness.names(EngineCore.Firing(deliveries: $0)) } == test.batches)
        #expect(harness.pending.map { "\($0.request.identifier) \($0.nextFireDate.map(Harness.seconds) ?? "-")" }
            .sorted() == test.pending)
        #expect(harness.outbox.isEmpty)
        #expect(harness.core.pendingCounts[Harness.app] == test.pending.count)
    }

    @Test("A repeating request fires at each of its dates, on time, and stays pending for the next")
    func repeatingCadence() throws {
        var harness = Harness()
        try harness.add([Self.request("nag", after: 60, repeats: true)])
        for seconds in stride(from: 60.0, through: 300, by: 60) {
            var flow = FiringFlow(.due, timing: Self.timing())
            harness.run(&flow, .due(now: Self.start + seconds))
        }
        let deliveries = harness.batches.joined()
        #expect(deliveries.map { Harness.seconds($0.date) } == ["+60", "+120", "+180", "+240", "+300"])
        #expect(deliveries.allSatisfy { !$0.isLate && $0.request.identifier == "nag" })
        #expect(harness.pending.map { $0.nextFireDate.map(Harness.seconds) } == ["+360"])
        #expect(harness.core.pendingCounts[Harness.app] == 1)
    }

    @Test("After a failed commit the window is read again, and the request fires once, late")
    func retryAfterFailure() throws {
        var harness = Harness()
        try harness.add([Self.request("a", after: 10)])
        harness.failing = [0]
        var flow = FiringFlow(.due, timing: Self.timing())
        harness.run(&flow, .due(now: Self.start + 10))
        #expect(harness.core.needsRefill(at: Self.start + 11))
        harness.trace = []
        var retry = FiringFlow(.due, timing: Self.timing())
        harness.run(&retry, .due(now: Self.start + 11))
        #expect(harness.trace.prefix(3) == ["readWindow", "commit(a)", "save(a!; clearing 0)"])
        #expect(harness.batches.map { $0.map(\.request.identifier) } == [["a"]])
    }

    @Test("Requests fired make room under the pending limit; a repeating one keeps its place")
    func pendingLimit() throws {
        var harness = Harness(limit: 2)
        try harness.add([Self.request("nag", after: 60, repeats: true), Self.request("once", after: 20)])
        #expect(throws: NotificationError.self) { try harness.add([Self.request("more", after: 600)]) }
        var flow = FiringFlow(.due, timing: Self.timing())
        harness.run(&flow, .due(now: Self.start + 60))
        #expect(harness.batches.map { $0.map(\.request.identifier) } == [["once", "nag"]])
        #expect(harness.core.pendingCounts[Harness.app] == 1)
        try harness.add([Self.request("more", after: 600)], at: Self.start + 60)
        #expect(harness.core.pendingCounts[Harness.app] == 2)
        #expect(throws: NotificationError.self) { try harness.add([Self.request("third", after: 900)]) }
    }

    @Test("A location crossing commits one batch and clears its outbox entries once presented; nothing else is read")
    func crossing() throws {
        var harness = Harness()
        try harness.add([Self.request("a", after: 60)])
        let item = EngineCore.FireItem(app: Harness.app, identifier: "a", expectedDate: Self.start + 60, dueDate: Self.start)
        var flow = FiringFlow(.crossings, timing: Self.timing())
        harness.run(&flow, .crossed([item], now: Self.start))
        #expect(harness.trace == ["commit(a)", "save(a; clearing 0)", "pendingChanged", "present(a)", "sweep",
                                  "clearOutbox(1)"])
        var none = FiringFlow(.crossings, timing: Self.timing())
        #expect(none.handle(.crossed([], now: Self.start), core: &harness.core).isEmpty)
    }

    @Test("Outbox entries taken over are presented again, with their identifiers, then cleared")
    func outbox() throws {
        var harness = Harness()
        let delivery = Delivery(
            id: DeliveryID(), app: Harness.app, request: Self.request("a", after: 60), scheduledDate: Self.start,
            date: Self.start, isLate: false, category: nil)
        harness.outbox = [delivery.id]
        var flow = FiringFlow(.outbox, timing: Self.timing())
        harness.run(&flow, .outboxTakenOver([delivery]))
        #expect(harness.trace == ["present(a)", "clearOutbox(1)"])
        #expect(harness.outbox.isEmpty)
        var none = FiringFlow(.outbox, timing: Self.timing())
        #expect(none.handle(.outboxTakenOver([]), core: &harness.core).isEmpty)
    }
}
