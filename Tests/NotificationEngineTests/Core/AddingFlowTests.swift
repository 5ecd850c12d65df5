import Foundation
@testable import NotificationEngine
import Testing

/// The adding flow on its own: what the engine read and committed in, the
/// engine's actions out, run against records and requests kept in memory
/// (``AddingFlowHarness``); no store, clock or lock.
@Suite("Engine core: the adding flow")
struct AddingFlowTests {
    typealias Harness = AddingFlowHarness
    static let app = Harness.app
    static let other = Harness.other
    static let unauthorized = Harness.unauthorized

    static func request(
        _ identifier: String, after seconds: TimeInterval?, title: String = "T", attachment size: Int? = nil
    ) -> NotificationRequest {
        Harness.request(identifier, after: seconds, title: title, attachment: size)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var limit = 64
        var attachmentBytes = Int.max
        var coordinated = false
        var unreadable: Set<AppIdentifier> = []
        var failing: Set<Int> = []
        /// Adds made before, one by one, for ``AddingFlowTests/app``.
        var before: [NotificationRequest] = []
        var adds: [(requests: [NotificationRequest], app: AppIdentifier)]
        var trace: [String]
        var outcomes: [AddOutcome]
        /// The app's pending requests afterwards, soonest first.
        var pending: [String]

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a lone add with a single writer: the record read before the transaction, the count the engine's own",
            adds: [([request("a", after: 10)], app)],
            trace: ["readRecord(core)", "write(core)", "readPendingCount(core, cached: 0)", "readReplaced(a)", "save(a)",
                    "announce(+10)", "pendingChanged", "armTimer", "emit(core)"],
            outcomes: [.added(evicted: [])], pending: ["a"]),
        Case(
            name: "with other writers the record comes with the app's lock, the count from the store",
            coordinated: true, before: [request("b", after: 20)], adds: [([request("a", after: 10)], app)],
            trace: ["write(core)", "readPendingCount(core, cached: 1)", "readReplaced(a)", "save(a)", "announce(+10)",
                    "pendingChanged", "armTimer", "emit(core)"],
            outcomes: [.added(evicted: [])], pending: ["a", "b"]),
        Case(
            name: "a group reads each app's record and count once, carrying the count from one add of the app to the next",
            adds: [([request("x", after: 10)], app), ([request("y", after: 20)], app),
                   ([request("o", after: 5)], other)],
            trace: ["readRecord(core)", "readRecord(other)", "write(core,core,other)",
                    "readPendingCount(core, cached: 0)", "readReplaced(x)", "save(x)", "readReplaced(y)", "save(y)",
                    "readPendingCount(other, cached: 0)", "readReplaced(o)", "save(o)", "announce(+5)",
                    "pendingChanged", "armTimer", "emit(core)", "emit(other)"],
            outcomes: [.added(evicted: []), .added(evicted: []), .added(evicted: [])], pending: ["x", "y"]),
        Case(
            name: "at the limit the latest-firing requests are read and the latest evicted; its attachments are swept",
            limit: 2, before: [request("a", after: 10), request("b", after: 30)],
            adds: [([request("c", after: 5)], app)],
            trace: ["readRecord(core)", "write(core)", "readPendingCount(core, cached: 2)", "readReplaced(c)",
                    "readLatest(1)", "save(c; evicting b)", "announce(+5)", "pendingChanged", "armTimer", "emit(core)",
                    "sweep"],
            outcomes: [.added(evicted: ["b"])], pending: ["c", "a"]),
        Case(
            name: "a lone add's refusal rolls its transaction back",
            adds: [([request("ok", after: 10), request("", after: 10)], app)],
            trace: ["readRecord(core)", "write(core)", "rollback"],
            outcomes: [.refused(.invalidIdentifier)], pending: []),
        Case(
            name: "a refused add of a group is skipped and the others go ahead",
            adds: [([request("", after: 10)], app), ([request("b", after: 20)], app)],
            trace: ["readRecord(core)", "write(core,core)", "readPendingCount(core, cached: 0)", "readReplaced(b)",
                    "save(b)", "announce(+20)", "pendingChanged", "armTimer", "emit(core)"],
            outcomes: [.refused(.invalidIdentifier), .added(evicted: [])], pending: ["b"]),
        Case(
            name: "an add carrying attachments reads what the app holds, for the quota",
            adds: [([request("p", after: 10, attachment: 1)], app)],
            trace: ["readRecord(core)", "write(core)", "readPendingCount(core, cached: 0)", "readReplaced(p)",
                    "readAttachmentReferences", "save(p)", "announce(+10)", "pendingChanged", "armTimer", "emit(core)"],
            outcomes: [.added(evicted: [])], pending: ["p"]),
        Case(
            name: "an add of a group over the attachment quota is skipped; the next add of the app reads the count",
            attachmentBytes: 1, adds: [([request("p", after: 10, attachment: 2)], app), ([request("q", after: 20)], app)],
            trace: ["readRecord(core)", "write(core,core)", "readPendingCount(core, cached: 0)", "readReplaced(p)",
                    "readAttachmentReferences", "readPendingCount(core, cached: 0)", "readReplaced(q)", "save(q)",
                    "announce(+20)", "pendingChanged", "armTimer", "emit(core)"],
            outcomes: [.refused(.payloadTooLarge), .added(evicted: [])], pending: ["q"]),
        Case(
            name: "when a group's transaction fails each of its adds is made again alone",
            failing: [0], adds: [([request("x", after: 10)], app), ([request("o", after: 5)], other)],
            trace: ["readRecord(core)", "readRecord(other)", "write(core,other)", "readPendingCount(core, cached: 0)",
                    "readReplaced(x)", "save(x)", "readPendingCount(other, cached: 0)", "readReplaced(o)", "save(o)",
                    "announce(+5)", "rollback", "retryAlone(0)", "retryAlone(1)",
                    "readRecord(core)", "write(core)", "readPendingCount(core, cached: 0)", "readReplaced(x)", "save(x)",
                    "announce(+10)", "pendingChanged", "armTimer", "emit(core)",
                    "readRecord(other)", "write(other)", "readPendingCount(other, cached: 0)", "readReplaced(o)",
                    "save(o)", "announce(+5)", "pendingChanged", "armTimer", "emit(other)"],
            outcomes: [.added(evicted: []), .added(evicted: [])], pending: ["x"]),
        Case(
            name: "when a lone add's transaction fails, the failure is its result",
            failing: [0], adds: [([request("x", after: 10)], app)],
            trace: ["readRecord(core)", "write(core)", "readPendingCount(core, cached: 0)", "readReplaced(x)", "save(x)",
                    "announce(+10)", "rollback"],
            outcomes: [.refused(.storeFailure)], pending: []),
        Case(
            name: "an invalid app is refused unread; an app not authorized is refused in the transaction; nothing changed",
            adds: [([request("x", after: 10)], "not an app!"), ([request("y", after: 10)], unauthorized)],
            trace: ["readRecord(unauthorized)", "write(unauthorized)", "armTimer"],
            outcomes: [.refused(.invalidAppIdentifier), .refused(.notificationsNotAllowed)], pending: []),
        Case(
            name: "an app whose record cannot be read is refused, each of its adds reading it again; no transaction",
            unreadable: [app], adds: [([request("x", after: 10)], app), ([request("y", after: 10)], app)],
            trace: ["readRecord(core)", "readRecord(core)"],
            outcomes: [.refused(.storeFailure), .refused(.storeFailure)], pending: []),
        Case(
            name: "a request due now fires once the lock is left",
            adds: [([request("now", after: nil)], app)],
            trace: ["readRecord(core)", "write(core)", "readPendingCount(core, cached: 0)", "readReplaced(now)",
                    "save(now)", "announce(+0)", "pendingChanged", "armTimer", "emit(core)", "fireDue"],
            outcomes: [.added(evicted: [])], pending: ["now"]),
        Case(
            name: "a later add of a group replaces an earlier one with its identifier, and sweeps",
            adds: [([request("a", after: 10, title: "first")], app), ([request("a", after: 15, title: "again")], app)],
            trace: ["readRecord(core)", "write(core,core)", "readPendingCount(core, cached: 0)", "readReplaced(a)",
                    "save(a)", "readReplaced(a)", "save(a)", "announce(+10)", "pendingChanged", "armTimer", "emit(core)",
                    "sweep"],
            outcomes: [.added(evicted: []), .added(evicted: [])], pending: ["a"]),
    ]

    @Test("The flow's actions, in order, and each add's result", arguments: cases)
    func flow(_ test: Case) throws {
        var harness = Harness(limit: test.limit, attachmentBytes: test.attachmentBytes)
        harness.authorize(Self.other)
        for request in test.before {
            try harness.add([request])
        }
        (harness.trace, harness.coordinated, harness.unreadable, harness.failing) =
            ([], test.coordinated, test.unreadable, test.failing)
        let outcomes = harness.addEach(test.adds.map { ($0.requests, $0.app) }).map(AddOutcome.init)
        #expect(harness.trace == test.trace)
        #expect(outcomes == test.outcomes)
        #expect(harness.identifiers() == test.pending)
        #expect(harness.errors.isEmpty)
        for app in [Self.app, Self.other] {
            #expect(harness.core.pendingCounts[app, default: 0] == harness.pending[app, default: []].count)
        }
    }

    @Test("Each app that changed hears of it once, in the order of its first add")
    func changedOncePerApp() {
        var harness = Harness(limit: 2)
        harness.authorize(Self.other)
        let r = { (identifier: String) in Self.request(identifier, after: 10) }
        let results = harness.addEach([
            ([r("x")], Self.other), ([r("y")], Self.app), ([r("z")], Self.other), ([r("w")], Self.app),
            ([r("v")], Self.app),
        ])
        #expect(results.map(AddOutcome.init) == [
            .added(evicted: []), .added(evicted: []), .added(evicted: []), .added(evicted: []),
            .refused(.pendingLimitReached),
        ])
        #expect(harness.changed == [Self.other, Self.app])
    }

    @Test("A replaced add's latest entry is the one the core watches: the window holds the later date only")
    func replacementKeepsTheCoreInStep() {
        var harness = Harness()
        _ = harness.addEach([
            ([Self.request("a", after: 10)], Self.app), ([Self.request("a", after: 15)], Self.app),
        ])
        #expect(harness.core.window.entries.map(\.identifier) == ["a"])
        #expect(harness.core.window.entries.map(\.date) == [Harness.start + 15])
        #expect(harness.core.pendingCounts[Self.app] == 1)
    }

    static func located(_ identifier: String) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: "Here"),
            trigger: .location(LocationTrigger(
                region: CircularRegion(
                    identifier: identifier, center: Coordinate(latitude: 52.52, longitude: 13.405), radius: 100,
                    notifyOnEntry: true, notifyOnExit: false),
                repeats: false)))
    }

    @Test("With other writers the region limit counts the app's location requests in the store, which this engine's regions do not know")
    func regionLimitAcrossEngines() throws {
        var harness = Harness()
        harness.coordinated = true
        // Another engine added 20: the store has them, this engine's core does not.
        harness.pending[Self.app] = (0..<20).map { PendingRequest(request: Self.located("r\($0)"), nextFireDate: nil, addedDate: Harness.start) }
        #expect(harness.core.regions.isEmpty)
        let refused = #expect(throws: NotificationError.self) { try harness.add([Self.located("r20")]) }
        #expect(refused?.code == .regionLimitReached)
        #expect(harness.trace.contains("readLocationIdentifiers(core)"))
        #expect(harness.pending[Self.app]?.count == 20, "nothing changed")
        // Replacing one of them counts once; a request without a location trigger is not read for.
        harness.trace = []
        #expect(throws: Never.self) { try harness.add([Self.located("r3")]) }
        harness.trace = []
        #expect(throws: Never.self) { try harness.add([Self.request("t", after: 10)]) }
        #expect(!harness.trace.contains("readLocationIdentifiers(core)"))
    }

    @Test("Events out of order are refused with a store failure")
    func outOfOrder() {
        var core = Harness().core
        var flow = AddingFlow([([Self.request("a", after: 10)], Self.app)])
        let error = #expect(throws: NotificationError.self) { try flow.handle(.replacedRead([]), core: &core) }
        #expect(error?.code == .storeFailure)
        #expect(throws: NotificationError.self) { try flow.handle(.recordRead(.success(EngineCoreTests.authorized)), core: &core) }
    }
}
