public import Foundation

/// A notification to deliver: an app-chosen identifier, the content and when.
///
/// Adding a request whose identifier is already pending replaces it.
public struct NotificationRequest: Codable, Sendable, Hashable {
    public var identifier: String
    public var content: NotificationContent
    /// When the request fires; `nil` fires at once.
    public var trigger: NotificationTrigger?

    public init(identifier: String, content: NotificationContent, trigger: NotificationTrigger? = nil) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// A request waiting to fire, with the date it fires next.
public struct PendingRequest: Codable, Sendable, Hashable {
    public var request: NotificationRequest
    /// When the request fires next; `nil` for a location trigger, which fires on
    /// a crossing rather than at a date.
    public var nextFireDate: Date?
    /// When the request was added (a time-interval trigger counts from here).
    public var addedDate: Date

    public init(request: NotificationRequest, nextFireDate: Date?, addedDate: Date) {
        self.request = request
        self.nextFireDate = nextFireDate
        self.addedDate = addedDate
    }
}
