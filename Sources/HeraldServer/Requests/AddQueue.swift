import NotificationEngine

/// Group commit of the API's adds (``GroupCommitQueue``): adds that arrive while the
/// engine is busy with others go to it together, as one store transaction
/// (``NotificationEngine/addEach(_:)``), each with its own result.
final class AddQueue: Sendable {
    private let queue: GroupCommitQueue<NotificationEngine.GroupedAdd, AddResult>

    init(engine: NotificationEngine) {
        queue = GroupCommitQueue(label: "herald.adds") { engine.addEach($0) }
    }

    /// Adds `requests` for `app` as `NotificationEngine.add(_:for:)` does, possibly
    /// in one transaction with other adds.
    func add(_ requests: [NotificationRequest], for app: AppIdentifier) async throws -> AddResult {
        try await queue.submit(NotificationEngine.GroupedAdd(requests, for: app))
    }
}
