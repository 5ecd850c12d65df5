import Foundation
import NotificationEngine
import Testing

/// What every store does with pending requests: the same answers, in the same
/// orders, from the in-memory store and the SQLite store.
@Suite("Store conformance: pending requests")
struct StorePendingConformanceTests {
    typealias S = StoreSamples
    let shop: AppIdentifier = "com.example.shopping"
    let todo: AppIdentifier = "com.example.todo"

    /// Saved in a scrambled order; read back as d, c, a, b, g, f, e.
    var scrambled: [PendingRequest] {
        [
            S.pending("e", fire: nil, added: 1),
            S.pending("b", fire: 10),
            S.pending("g", fire: 20),
            S.pending("a", fire: 10),
            S.pending("f", fire: nil, added: 0),
            S.pending("c", fire: 10, added: -5),
            S.pending("d", fire: 5),
        ]
    }

    private func save(_ requests: [PendingRequest], for app: AppIdentifier, in store: OpenedStore) throws {
        try store.write { transaction in
            for request in requests {
                try transaction.savePending(request, for: app)
            }
        }
    }

    @Test("A saved request reads back equal, dates to the last bit and every trigger kind", arguments: StoreUnderTest.allCases)
    func roundTrip(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let calendar = CalendarTrigger(
            dateComponents: DateComponents(timeZone: TimeZone(identifier: "Europe/Berlin"), hour: 8, minute: 30),
            repeats: true, notBefore: S.date(0.000_001))
        let requests = [
            S.pending("interval", fire: 60.000_000_1, added: 0.3),
            S.pending("calendar", fire: 3_600, added: 1, trigger: .calendar(calendar)),
            S.pending("now", fire: 0, added: 0, trigger: nil),
            S.location("location", added: 2),
            S.pending("pushed", fire: 3, added: 3, trigger: .push),
        ]
        try save(requests, for: shop, in: store)
        for request in requests {
            let read = try store.read { try $0.pending(shop, identifier: request.request.identifier) }
            #expect(read == request)
        }
        #expect(try store.read { try $0.pending(todo, identifier: "interval") } == nil)
        #expect(try store.read { try $0.pending(shop, identifier: "missing") } == nil)
    }

    @Test("Saving an identifier again replaces the request; apps keep their own", arguments: StoreUnderTest.allCases)
    func replaceOnSave(kind: StoreUnderTest) throws {
        let store = try kind.open()
        try save([S.pending("x", fire: 10), S.pending("y", fire: 20)], for: shop, in: store)
        try save([S.pending("x", fire: 5)], for: todo, in: store)
        let replacement = S.pending("x", fire: 30, added: 7, trigger: nil)
        try save([replacement], for: shop, in: store)

        #expect(try store.read { try $0.pendingRequests(shop) }.identifiers == ["y", "x"])
        #expect(try store.read { try $0.pending(shop, identifier: "x") } == replacement)
        #expect(try store.read { try $0.pending(todo, identifier: "x") } == S.pending("x", fire: 5))
        #expect(try store.read { try $0.pendingCounts() } == [shop: 2, todo: 1])
    }

    @Test("Pending requests come by next fire date, undated last, then added date, then identifier", arguments: StoreUnderTest.allCases)
    func pendingOrder(kind: StoreUnderTest) throws {
        let store = try kind.open()
        try save(scrambled, for: shop, in: store)
        try save([S.pending("0", fire: 1)], for: todo, in: store)
        #expect(try store.read { try $0.pendingRequests(shop) }.identifiers == ["d", "c", "a", "b", "g", "f", "e"])
        #expect(try store.read { try $0.pendingRequests("com.example.none") }.isEmpty)
    }

    @Test("Dates a microsecond apart keep their order", arguments: StoreUnderTest.allCases)
    func closeDates(kind: StoreUnderTest) throws {
        let store = try kind.open()
        try save([S.pending("later", fire: 10.000_001), S.pending("sooner", fire: 10)], for: shop, in: store)
        #expect(try store.read { try $0.pendingRequests(shop) }.identifiers == ["sooner", "later"])
        #expect(try store.read { try $0.soonestDue(limit: 2) }.map(\.identifier) == ["sooner", "later"])
    }

    @Test("latestPending gives the latest-firing first, undated as latest, up to the limit", arguments: StoreUnderTest.allCases)
    func latestPending(kind: StoreUnderTest) throws {
        let store = try kind.open()
        try save(scrambled, for: shop, in: store)
        try save([S.pending("z", fire: 100)], for: todo, in: store)
        let latest = { (limit: Int) in try store.read { try $0.latestPending(self.shop, limit: limit) }.identifiers }
        #expect(try latest(1) == ["e"])
        #expect(try latest(2) == ["e", "f"])
        #expect(try latest(4) == ["e", "f", "g", "b"])
        #expect(try latest(20) == ["e", "f", "g", "b", "a", "c", "d"])
        #expect(try latest(0) == [])
        #expect(try store.read { try $0.latestPending(todo, limit: 5) }.identifiers == ["z"])
    }

    @Test("deletePending removes the app's named requests and counts those that were pending", arguments: StoreUnderTest.allCases)
    func deletePending(kind: StoreUnderTest) throws {
        let store = try kind.open()
        try save(scrambled, for: shop, in: store)
        try save([S.pending("a", fire: 1)], for: todo, in: store)
        let removed = try store.write { try $0.deletePending(shop, identifiers: ["a", "missing", "e", "a"]) }
        #expect(removed == 2)
        #expect(try store.read { try $0.pendingRequests(shop) }.identifiers == ["d", "c", "b", "g", "f"])
        #expect(try store.read { try $0.pending(todo, identifier: "a") } != nil)
        #expect(try store.write { try $0.deletePending(shop, identifiers: []) } == 0)
    }

    @Test("deleteAllPending empties one app, counts what it removed and keeps the app known", arguments: StoreUnderTest.allCases)
    func deleteAllPending(kind: StoreUnderTest) throws {
        let store = try kind.open()
        try save(scrambled, for: shop, in: store)
        try save([S.pending("a", fire: 1)], for: todo, in: store)
        #expect(try store.write { try $0.deleteAllPending(shop) } == 7)
        #expect(try store.write { try $0.deleteAllPending(shop) } == 0)
        #expect(try store.read { try $0.pendingRequests(shop) }.isEmpty)
        #expect(try store.read { try $0.pendingCounts() } == [todo: 1])
        #expect(try store.read { try $0.apps() } == [shop, todo])
    }

    @Test("pendingCounts counts per app and leaves out apps with none", arguments: StoreUnderTest.allCases)
    func pendingCounts(kind: StoreUnderTest) throws {
        let store = try kind.open()
        #expect(try store.read { try $0.pendingCounts() } == [:])
        try save(scrambled, for: shop, in: store)
        try save([S.location("l")], for: todo, in: store)
        try store.write { try $0.saveBadge(3, for: "com.example.empty") }
        #expect(try store.read { try $0.pendingCounts() } == [shop: 7, todo: 1])
    }

    @Test("soonestDue orders all apps' dated requests by date, app, identifier and stops at the limit", arguments: StoreUnderTest.allCases)
    func soonestDue(kind: StoreUnderTest) throws {
        let store = try kind.open()
        try save([S.pending("y", fire: 5), S.pending("x", fire: 5), S.pending("late", fire: 50), S.location("l")], for: todo, in: store)
        try save([S.pending("a", fire: 5), S.pending("first", fire: 3), S.pending("undated", fire: nil)], for: shop, in: store)
        let all = try store.read { try $0.soonestDue(limit: 100) }
        #expect(all.map { "\($0.app)/\($0.identifier)" } == [
            "com.example.shopping/first", "com.example.shopping/a", "com.example.todo/x",
            "com.example.todo/y", "com.example.todo/late",
        ])
        #expect(all.first == DueEntry(app: shop, identifier: "first", date: S.date(3)))
        #expect(try store.read { try $0.soonestDue(limit: 2) } == Array(all.prefix(2)))
        #expect(try store.read { try $0.soonestDue(limit: 0) } == [])
    }

    @Test("soonestDue keeps the soonest of many saved in no order, ties broken by app and identifier", arguments: StoreUnderTest.allCases)
    func soonestDueOfMany(kind: StoreUnderTest) throws {
        let store = try kind.open()
        var generator = SystemRandomNumberGenerator()
        // 300 requests over two apps on 40 distinct dates, so many share a date.
        let fires = (0..<300).map { ($0, Double(Int.random(in: 1...40, using: &generator))) }.shuffled(using: &generator)
        try save(fires.filter { $0.0 % 3 != 0 }.map { S.pending("r\($0.0)", fire: $0.1) }, for: shop, in: store)
        try save(fires.filter { $0.0 % 3 == 0 }.map { S.pending("r\($0.0)", fire: $0.1) }, for: todo, in: store)
        let expected = fires.map { index, fire in
            DueEntry(app: index % 3 == 0 ? todo : shop, identifier: "r\(index)", date: S.date(fire))
        }.sorted { $0.comesBefore($1) }
        for limit in [1, 37, 299, 300, 301] {
            #expect(try store.read { try $0.soonestDue(limit: limit) } == Array(expected.prefix(limit)), "limit \(limit)")
        }
    }

    @Test("soonestDue after an entry continues the due order past it, whether or not the entry is still stored", arguments: StoreUnderTest.allCases)
    func soonestDueAfter(kind: StoreUnderTest) throws {
        let store = try kind.open()
        var generator = SystemRandomNumberGenerator()
        let fires = (0..<200).map { ($0, Double(Int.random(in: 1...25, using: &generator))) }.shuffled(using: &generator)
        try save(fires.filter { $0.0 % 2 == 0 }.map { S.pending("r\($0.0)", fire: $0.1) }, for: shop, in: store)
        try save(fires.filter { $0.0 % 2 == 1 }.map { S.pending("r\($0.0)", fire: $0.1) }, for: todo, in: store)
        try save([S.pending("undated", fire: nil)], for: shop, in: store)
        let all = try store.read { try $0.soonestDue(limit: 300) }
        #expect(all.count == 200)
        // Read in pages of 30, each after the last entry of the one before, the due order comes back whole.
        var paged: [DueEntry] = []
        var page: [DueEntry]
        repeat {
            page = try store.read { [after = paged.last] in try $0.soonestDue(limit: 30, after: after) }
            paged += page
        } while !page.isEmpty
        #expect(paged == all)
        // After an entry that is no longer stored (a batch fired and deleted): what follows it.
        let cut = all[99]
        _ = try store.write { try $0.deletePending(cut.app, identifiers: [cut.identifier]) }
        #expect(try store.read { try $0.soonestDue(limit: 10, after: cut) } == Array(all[100..<110]))
        // After an entry that sorts between two stored ones (a space sorts before the digits).
        let between = DueEntry(app: all[150].app, identifier: all[150].identifier + " ", date: all[150].date)
        #expect(try store.read { try $0.soonestDue(limit: 1, after: between) }.first == all[151])
        #expect(try store.read { try $0.soonestDue(limit: 5, after: all.last) } == [])
    }

    @Test("locationPending lists every location request, by app then pending order; locationIdentifiers an app's", arguments: StoreUnderTest.allCases)
    func locationPending(kind: StoreUnderTest) throws {
        let store = try kind.open()
        try save([S.location("t2", added: 5), S.pending("timer", fire: 1), S.location("t1", added: 2)], for: todo, in: store)
        try save([S.location("s", added: 9), S.pending("undated", fire: nil)], for: shop, in: store)
        let located = try store.read { try $0.locationPending() }
        #expect(located.map { "\($0.0)/\($0.1.request.identifier)" } == [
            "com.example.shopping/s", "com.example.todo/t1", "com.example.todo/t2",
        ])
        #expect(located.last?.1 == S.location("t2", added: 5))
        #expect(try store.read { try $0.locationIdentifiers(todo) } == ["t1", "t2"])
        #expect(try store.read { try $0.locationIdentifiers(shop) } == ["s"])
        _ = try store.write { try $0.deletePending(todo, identifiers: ["t1"]) }
        #expect(try store.read { try $0.locationIdentifiers(todo) } == ["t2"])
        #expect(try store.read { try $0.locationIdentifiers("com.example.none") }.isEmpty)
    }

    @Test("A write returns its body's value and a later read sees it", arguments: StoreUnderTest.allCases)
    func writeThenRead(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let count = try store.write { transaction in
            try transaction.savePending(S.pending("a", fire: 1), for: shop)
            try transaction.savePending(S.pending("b", fire: 2), for: shop)
            return try transaction.pendingRequests(shop).count
        }
        #expect(count == 2)
        #expect(try store.read { try $0.pendingRequests(shop) }.identifiers == ["a", "b"])
    }

    @Test("The schedule's time zone is absent at first, then reads back as last saved", arguments: StoreUnderTest.allCases)
    func scheduleTimeZone(kind: StoreUnderTest) throws {
        let store = try kind.open()
        #expect(try store.read { try $0.scheduleTimeZone() } == nil)
        try store.write { try $0.saveScheduleTimeZone("Europe/Berlin") }
        try store.write { try $0.saveScheduleTimeZone("Asia/Tokyo") }
        #expect(try store.read { try $0.scheduleTimeZone() } == "Asia/Tokyo")
    }
}
