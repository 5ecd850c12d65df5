import Foundation
@testable import NotificationEngine
import Testing

/// Which of a firing batch's new deliveries stay in the notification center, on
/// their own, without a store: a later delivery of a request replaces an earlier
/// one of the batch, and each app's center keeps its newest `limit`. The
/// deliveries stored before the batch are trimmed by each store's query
/// (`StoreRetentionConformanceTests`), end to end in `NotificationCenterLimitTests`.
@Suite("Store: a firing batch's deliveries in the notification center")
struct FiringBatchListingTests {
    static let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
    static let shop: AppIdentifier = "com.example.shop"
    static let todo: AppIdentifier = "com.example.todo"

    /// A batch written as `app:identifier` items in delivery order, `-` before an
    /// item delivered unlisted.
    static func batch(_ items: [String]) -> [StoredDelivery] {
        items.map { item in
            let listed = !item.hasPrefix("-")
            let parts = item.drop { $0 == "-" }.split(separator: ":").map(String.init)
            let delivery = Delivery(
                id: DeliveryID(), app: parts[0] == "shop" ? shop : todo,
                request: NotificationRequest(identifier: parts[1], content: NotificationContent(title: parts[1])),
                scheduledDate: date, date: date, isLate: false)
            return StoredDelivery(delivery: delivery, isListed: listed, isAnswered: false)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var limit: Int
        var batch: [String]
        /// The items the limit unlists, oldest first.
        var unlisted: [String]
        var listed: [AppIdentifier: Int]

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "the oldest beyond the limit leave", limit: 3,
            batch: ["shop:r1", "shop:r2", "shop:r3", "shop:r4", "shop:r5"], unlisted: ["shop:r1", "shop:r2"],
            listed: [shop: 3]),
        Case(
            name: "each app has its own limit", limit: 2,
            batch: ["shop:r1", "todo:t1", "shop:r2", "shop:r3", "todo:t2"], unlisted: ["shop:r1"],
            listed: [shop: 2, todo: 2]),
        Case(
            name: "deliveries made unlisted do not count", limit: 2,
            batch: ["shop:r1", "-shop:r2", "-shop:r3", "shop:r4"], unlisted: [], listed: [shop: 2]),
        Case(
            name: "within the limit nothing leaves", limit: 3, batch: ["shop:r1", "todo:t1"], unlisted: [],
            listed: [shop: 1, todo: 1]),
    ]

    @Test("A batch beyond an app's limit keeps its newest deliveries listed", arguments: cases)
    func limit(_ test: Case) {
        var batch = Self.batch(test.batch)
        let names = Dictionary(uniqueKeysWithValues: zip(batch.map(\.delivery.id), test.batch))
        let (unlisted, listed) = batch.unlistBeyond(test.limit)
        #expect(unlisted.map { names[$0.id] ?? "?" } == test.unlisted)
        #expect(listed == test.listed)
        let stillListed = batch.filter(\.isListed).map { names[$0.delivery.id] ?? "?" }
        #expect(stillListed == test.batch.filter { !$0.hasPrefix("-") && !test.unlisted.contains($0) })
    }

    @Test("A later delivery of a request in the batch, listed or not, replaces the earlier listed one of that app")
    func replacedWithinBatch() {
        let items = ["shop:a", "todo:a", "shop:b", "shop:a", "-shop:b", "shop:a"]
        var batch = Self.batch(items)
        let replaced = batch.unlistReplacedWithinBatch()
        #expect(replaced.map(\.id) == [0, 2, 3].map { batch[$0].delivery.id })
        #expect(replaced.allSatisfy { $0.app == Self.shop })
        #expect(batch.map(\.isListed) == [false, true, false, false, false, true])
    }
}
