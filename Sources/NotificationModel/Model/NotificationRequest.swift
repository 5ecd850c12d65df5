public import Foundation

/// A notification to deliver: an app-chosen identifier, the content and when.
///
/// Adding a request whose identifier is already pending replaces it; when a
/// request fires, its delivery replaces a delivery of the same identifier still
/// in the notification center.
///
/// ```swift
/// let request = NotificationRequest(
///     identifier: "Walk Dog",
///     content: NotificationContent(title: "Task Reminder", body: "Walk Dog!!", sound: .default),
///     trigger: .timeInterval(TimeIntervalTrigger(interval: 60, repeats: true)))
/// try await engine.add(request, for: "com.example.nagme")
/// ```
public struct NotificationRequest: Codable, Sendable, Hashable {
    /// The app's name for the request, which it uses to replace or remove it: 1 to
    /// ``NotificationLimits/maximumIdentifierLength`` characters, unique among the
    /// app's pending requests.
    ///
    /// Identifiers compare as Swift strings do, by canonical equivalence:
    /// `"n\u{e9}"` and `"ne\u{301}"` name the same request. The engine keeps them
    /// in Unicode Normalization Form C (NFC), so what it returns is in NFC, and
    /// counts the length of the NFC form. The same holds for category, action and
    /// thread identifiers.
    public var identifier: String
    /// What the notification shows.
    public var content: NotificationContent
    /// When the request fires; `nil` fires at once.
    public var trigger: NotificationTrigger?

    /// A request.
    ///
    /// - Parameters:
    ///   - identifier: The app's name for the request.
    ///   - content: What the notification shows.
    ///   - trigger: When it fires; `nil` (the default) delivers it as soon as it is added.
    public init(identifier: String, content: NotificationContent, trigger: NotificationTrigger? = nil) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// A request waiting to fire, with the date it fires next.
///
/// ``NotificationService/pendingRequests(for:)`` lists them soonest first; those
/// without a next fire date (location triggers) come last.
public struct PendingRequest: Codable, Sendable, Hashable {
    /// The request as it was added.
    public var request: NotificationRequest
    /// When the request fires next; `nil` for a location trigger, which fires on
    /// a crossing rather than at a date.
    public var nextFireDate: Date?
    /// When the request was added (a time-interval trigger counts from here).
    public var addedDate: Date

    /// A pending request; the engine makes these when requests are added.
    ///
    /// - Parameters:
    ///   - request: The request as it was added.
    ///   - nextFireDate: When it fires next, or `nil` for a location trigger.
    ///   - addedDate: When it was added.
    public init(request: NotificationRequest, nextFireDate: Date?, addedDate: Date) {
        self.request = request
        self.nextFireDate = nextFireDate
        self.addedDate = addedDate
    }
}
