public import Foundation

/// The scheduled summary: the notifications that waited for it, delivered together.
///
/// Its groups are by app, then by `threadIdentifier`, the group with the most
/// relevant notification first; inside a group, the highest `relevanceScore` first
/// (the earlier delivery first between equals).
public struct NotificationSummary: Sendable, Hashable, Codable {
    /// One app's thread of notifications in the summary.
    public struct Group: Sendable, Hashable, Codable {
        public var app: AppIdentifier
        public var threadIdentifier: String
        /// The group in a line, from its category's `categorySummaryFormat` and the
        /// contents' `summaryArgument`/`summaryArgumentCount`: "3 more messages from
        /// Anna and Ben".
        public var text: String
        /// The group's notifications, most relevant first.
        public var presentations: [Presentation]

        public init(app: AppIdentifier, threadIdentifier: String, text: String, presentations: [Presentation]) {
            self.app = app
            self.threadIdentifier = threadIdentifier
            self.text = text
            self.presentations = presentations
        }
    }

    /// The summary time it was delivered for.
    public var date: Date
    public var groups: [Group]

    public init(date: Date, groups: [Group]) {
        self.date = date
        self.groups = groups
    }

    /// Every notification in it, in order.
    public var presentations: [Presentation] {
        groups.flatMap(\.presentations)
    }
}
