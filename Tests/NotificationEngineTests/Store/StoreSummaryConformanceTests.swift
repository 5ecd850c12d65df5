import Foundation
import NotificationEngine
import Testing

/// What every store does with the summary queue and the Focus settings: the same
/// answers from the in-memory, SQLite and PostgreSQL stores.
@Suite("Store conformance: summary queue, Focus settings")
struct StoreSummaryConformanceTests {
    typealias S = StoreSamples
    let mail: AppIdentifier = "com.example.mail"
    let news: AppIdentifier = "com.example.news"

    private func hold(_ deliveries: [StoredDelivery], until offset: Double, in store: OpenedStore) throws {
        try store.write { try $0.holdForSummary(deliveries.map { ($0.delivery.id, $0.delivery.app) }, until: S.date(offset)) }
    }

    @Test("Deliveries kept for a summary come out at its time, in order, once; later summaries wait",
          arguments: StoreUnderTest.allCases)
    func takesInOrder(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let (a, b, c) = (S.delivery("a", app: mail, at: 1), S.delivery("b", app: news, at: 2), S.delivery("c", app: mail, at: 3))
        try store.write { _ = try $0.saveDeliveries([a, b, c], requests: .own) }
        try hold([b, a], until: 100, in: store)
        try hold([c], until: 200, in: store)
        #expect(try store.read { try $0.nextSummaryDate() } == S.date(100))
        #expect(try store.write { try $0.takeSummary(through: S.date(99)) }.isEmpty)
        #expect(try store.write { try $0.takeSummary(through: S.date(100)) }.identifiers == ["a", "b"])
        #expect(try store.write { try $0.takeSummary(through: S.date(100)) }.isEmpty)
        #expect(try store.read { try $0.nextSummaryDate() } == S.date(200))
        #expect(try store.write { try $0.takeSummary(through: S.date(500)) }.identifiers == ["c"])
        #expect(try store.read { try $0.nextSummaryDate() } == nil)
    }

    @Test("A delivery kept twice keeps its first date; one unlisted meanwhile is taken out but not returned",
          arguments: StoreUnderTest.allCases)
    func keptOnceAndUnlisted(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let (a, b) = (S.delivery("a", app: mail, at: 1), S.delivery("b", app: mail, at: 2))
        try store.write { _ = try $0.saveDeliveries([a, b], requests: .own) }
        try hold([a, b], until: 100, in: store)
        try hold([a], until: 300, in: store)
        try store.write { try $0.unlistDeliveries(mail, identifiers: ["b"]) }
        #expect(try store.write { try $0.takeSummary(through: S.date(100)) }.identifiers == ["a"])
        #expect(try store.read { try $0.nextSummaryDate() } == nil)
    }

    @Test("An app's listed deliveries that wait say for which summary; other apps', unlisted and taken ones do not",
          arguments: StoreUnderTest.allCases)
    func holds(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let (a, b, c, d) = (
            S.delivery("a", app: mail, at: 1), S.delivery("b", app: mail, at: 2),
            S.delivery("c", app: news, at: 3), S.delivery("d", app: mail, at: 4)
        )
        try store.write { _ = try $0.saveDeliveries([a, b, c, d], requests: .own) }
        #expect(try store.read { try $0.summaryHolds(mail) }.isEmpty)
        try hold([a, c], until: 100, in: store)
        try hold([b], until: 200, in: store)
        try hold([d], until: 300, in: store)
        try store.write { try $0.unlistDeliveries(mail, identifiers: ["d"]) }
        #expect(try store.read { try $0.summaryHolds(mail) } == [a.delivery.id: S.date(100), b.delivery.id: S.date(200)])
        #expect(try store.read { try $0.summaryHolds(news) } == [c.delivery.id: S.date(100)])
        _ = try store.write { try $0.takeSummary(through: S.date(100)) }
        #expect(try store.read { try $0.summaryHolds(mail) } == [b.delivery.id: S.date(200)])
    }

    @Test("Forgetting an app takes its deliveries out of the summary queue", arguments: StoreUnderTest.allCases)
    func forgetting(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let (a, b) = (S.delivery("a", app: mail, at: 1), S.delivery("b", app: news, at: 2))
        try store.write { _ = try $0.saveDeliveries([a, b], requests: .own) }
        try hold([a], until: 100, in: store)
        try hold([b], until: 200, in: store)
        try store.write { try $0.deleteApp(mail) }
        #expect(try store.read { try $0.nextSummaryDate() } == S.date(200))
        #expect(try store.write { try $0.takeSummary(through: S.date(300)) }.identifiers == ["b"])
    }

    @Test("The Focus settings are kept as saved, beside the schedule's time zone", arguments: StoreUnderTest.allCases)
    func quietSettings(kind: StoreUnderTest) throws {
        let store = try kind.open()
        #expect(try store.read { try $0.quietSettings() } == nil)
        try store.write { transaction in
            try transaction.saveScheduleTimeZone("Europe/Berlin")
            try transaction.saveQuietSettings(#"{"focusModes":[]}"#)
            try transaction.saveQuietSettings(#"{"summaryTimes":["08:00"]}"#)
        }
        #expect(try store.read { try $0.quietSettings() } == #"{"summaryTimes":["08:00"]}"#)
        #expect(try store.read { try $0.scheduleTimeZone() } == "Europe/Berlin")
    }

    @Test("The last summary is kept as saved, the newer replacing the older", arguments: StoreUnderTest.allCases)
    func lastSummary(kind: StoreUnderTest) throws {
        let store = try kind.open()
        #expect(try store.read { try $0.lastSummary() } == nil)
        try store.write { try $0.saveLastSummary(#"{"date":1}"#) }
        try store.write { try $0.saveLastSummary(#"{"date":2}"#) }
        #expect(try store.read { try $0.lastSummary() } == #"{"date":2}"#)
        #expect(try store.read { try $0.quietSettings() } == nil, "a setting of its own")
    }
}
