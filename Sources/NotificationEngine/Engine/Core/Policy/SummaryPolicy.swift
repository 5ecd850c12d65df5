import Foundation
import NotificationModel

/// How the notifications that waited are put together in the scheduled summary:
/// grouped by app and thread, ordered by relevance, each group in a line from its
/// category's summary format. Pure.
enum SummaryPolicy {
    /// The summary of `presentations` at `date`.
    static func summary(of presentations: [Presentation], at date: Date) -> NotificationSummary {
        let grouped = Dictionary(grouping: presentations.enumerated()) { item in
            GroupKey(app: item.element.delivery.app, thread: item.element.delivery.request.content.threadIdentifier)
        }
        let groups = grouped.map { key, items in
            (best: items.map { relevance(of: $0.element) }.max() ?? 0, first: items.map(\.offset).min() ?? 0,
             group: group(key, items.sorted(by: isMoreRelevant).map(\.element)))
        }
        let ordered = groups.sorted { $0.best != $1.best ? $0.best > $1.best : $0.first < $1.first }
        return NotificationSummary(date: date, groups: ordered.map(\.group))
    }

    /// The line a group reads as: the category's `categorySummaryFormat` filled
    /// with the count (`%u`) and the summary arguments (`%@`), or "N notifications"
    /// without one.
    static func text(of presentations: [Presentation]) -> String {
        let contents = presentations.map(\.delivery.request.content)
        let count = contents.reduce(0) { $0 + max(1, $1.summaryArgumentCount) }
        let names = orderedUnique(contents.map(\.summaryArgument).filter { !$0.isEmpty })
        let format = presentations.first?.delivery.category?.categorySummaryFormat ?? ""
        guard !format.isEmpty,
            let parsed = try? LocalizedFormat(parsing: format, availableArguments: 2)
        else {
            let noun = count == 1 ? "notification" : "notifications"
            return names.isEmpty ? "\(count) \(noun)" : "\(count) \(noun) from \(list(names))"
        }
        return parsed.filled(with: FormatArguments([.number(Double(count)), .string(list(names))]))
    }

    private struct GroupKey: Hashable {
        var app: AppIdentifier
        var thread: String
    }

    private static func group(_ key: GroupKey, _ presentations: [Presentation]) -> NotificationSummary.Group {
        NotificationSummary.Group(
            app: key.app, threadIdentifier: key.thread, text: text(of: presentations), presentations: presentations)
    }

    private static func relevance(of presentation: Presentation) -> Double {
        presentation.delivery.request.content.relevanceScore
    }

    private static func isMoreRelevant(_ a: (offset: Int, element: Presentation), _ b: (offset: Int, element: Presentation)) -> Bool {
        let (x, y) = (relevance(of: a.element), relevance(of: b.element))
        return x != y ? x > y : a.offset < b.offset
    }

    private static func orderedUnique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// "Anna", "Anna and Ben", "Anna, Ben and Carl".
    private static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
