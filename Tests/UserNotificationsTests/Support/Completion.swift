/// Awaits the value a completion-handler API hands to its handler:
/// `await completion { center.getPendingNotificationRequests(completionHandler: $0) }`.
func completion<T: Sendable>(_ call: (@escaping @Sendable (T) -> Void) -> Void) async -> T {
    await withCheckedContinuation { continuation in
        call { continuation.resume(returning: $0) }
    }
}
