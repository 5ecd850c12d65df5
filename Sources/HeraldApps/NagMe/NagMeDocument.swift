/// What Nag Me saves in `nag-me.json`: the tasks, in the order they were added.
/// Whether a task's bell is on is not saved: it is on while the notification
/// center holds the task's pending reminder, as in the seed.
struct NagMeDocument: Codable, Sendable, Equatable {
    /// The tasks' titles, each also the identifier of its reminder.
    var tasks: [String] = []
}
