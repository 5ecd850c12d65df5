import Foundation
@testable import NotificationEngine
import Testing

/// Which node fires a due entry first: one owner per entry among the live nodes,
/// the same on every node, the others as its backup after the grace period.
@Suite("Due entries' owners among nodes")
struct DueOwnershipTests {
    let nodes = (0..<3).map { _ in UUID() }
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    func entries(_ count: Int, every step: TimeInterval = 0.001) -> [DueEntry] {
        (0..<count).map { n in
            DueEntry(app: AppIdentifier("com.example.app\(n % 7)"), identifier: "r\(n)", date: start + Double(n) * step)
        }
    }

    @Test("each entry has exactly one owner, whichever node asks, and each node owns about a third")
    func oneOwner() {
        let views = nodes.map { DueOwnership(node: $0, nodes: nodes.shuffled(), grace: 0.5) }
        var owned = [Int](repeating: 0, count: 3)
        for entry in entries(3_000) {
            let owners = views.indices.filter { views[$0].owns(entry) }
            #expect(owners.count == 1, "\(entry.identifier) has \(owners.count) owners")
            owners.forEach { owned[$0] += 1 }
        }
        #expect(owned.allSatisfy { (800...1_200).contains($0) }, "\(owned)")
    }

    @Test("a node alone, or not yet among the live nodes, owns every entry")
    func alone() {
        let me = UUID()
        for view in [
            DueOwnership(node: me, nodes: [me], grace: 0.5), DueOwnership(node: me, nodes: nodes, grace: 0.5),
            DueOwnership(node: me, nodes: [], grace: 0.5),
        ] {
            #expect(entries(100).allSatisfy(view.owns))
        }
    }

    @Test("the hash is stable: FNV-1a of the app, a zero byte and the identifier")
    func stableHash() {
        #expect(DueOwnership.hash("", "") == 0xaf63_bd4c_8601_b7df)
        #expect(DueOwnership.hash("a", "b") != DueOwnership.hash("ab", ""))
    }

    @Test("the window gives a node its own entries at their dates and the others' a grace period later")
    func window() throws {
        let ownership = DueOwnership(node: nodes[0], nodes: nodes, grace: 0.5)
        let all = entries(300)
        var window = DueWindow(capacity: 1_000)
        window.refill(with: all)
        let mine = all.filter(ownership.owns)
        let firstMine = try #require(mine.first)
        #expect(window.nextFireDate(ownership: ownership) == min(firstMine.date, all[0].date + 0.5))

        let atEnd = try #require(all.last).date
        let early = window.popDue(at: atEnd, limit: 1_000, ownership: ownership)
        #expect(early == mine, "by the last date only this node's entries")
        #expect(window.entries == all.filter { !ownership.owns($0) })
        #expect(window.nextFireDate(ownership: ownership) == window.entries.first.map { $0.date + 0.5 })

        let late = window.popDue(at: atEnd + 0.5, limit: 1_000, ownership: ownership)
        #expect(late == all.filter { !ownership.owns($0) })
        #expect(window.entries.isEmpty)
    }

    @Test("without ownership the window pops in due order, as a lone engine's")
    func noOwnership() {
        let all = entries(10)
        var window = DueWindow(capacity: 100)
        window.refill(with: all)
        #expect(window.nextFireDate(ownership: nil) == all[0].date)
        #expect(window.popDue(at: all[4].date, limit: 100, ownership: nil) == Array(all.prefix(5)))
    }
}
