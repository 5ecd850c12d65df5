public import Foundation

/// A notification a server pushed to the app through a push service (Herald's
/// provider API, as Apple's APNs): what the device's engine receives.
///
/// An alert push becomes a delivery as a request without a trigger does, its
/// request's trigger ``NotificationTrigger/push``; a background push (content
/// available and nothing to show) reaches the running app instead of the user.
///
/// ```swift
/// let push = RemoteNotification(
///     id: UUID(), content: NotificationContent(title: "New message", body: "Lunch?"),
///     collapseIdentifier: "chat-42")
/// try await engine.deliverRemoteNotification(push, for: "com.example.chat")
/// ```
public struct RemoteNotification: Codable, Sendable, Hashable {
    /// The push's `apns-id`: one per push, whichever node accepted it.
    public var id: UUID
    /// What it shows, with the whole JSON payload (`aps` included) as its `userInfo`.
    public var content: NotificationContent
    /// The `apns-collapse-id`: a later push with the same one replaces this one, shown
    /// or not yet delivered. The delivery's request identifier; `nil` uses ``id``.
    public var collapseIdentifier: String?
    /// `content-available: 1`: the app is woken to fetch in the background.
    public var isContentAvailable: Bool
    /// `mutable-content: 1`: the app's service extension may change it before it is shown.
    public var isMutableContent: Bool

    public init(
        id: UUID, content: NotificationContent, collapseIdentifier: String? = nil,
        isContentAvailable: Bool = false, isMutableContent: Bool = false
    ) {
        self.id = id
        self.content = content
        self.collapseIdentifier = collapseIdentifier
        self.isContentAvailable = isContentAvailable
        self.isMutableContent = isMutableContent
    }

    /// The identifier of the request the push becomes: its collapse identifier, else its id.
    public var requestIdentifier: String {
        collapseIdentifier ?? id.uuidString
    }
}
