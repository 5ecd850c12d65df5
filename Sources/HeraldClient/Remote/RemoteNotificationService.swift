import HeraldAPI
import Logging
public import NotificationModel

/// The engine's ``NotificationModel/NotificationService`` over the Herald
/// daemon's HTTP API, so that `UNUserNotificationCenter` works against the daemon
/// as it does in process:
///
/// ```swift
/// let client = try HeraldClient(url: "http://127.0.0.1:7878", token: appToken)
/// let center = UNUserNotificationCenter(
///     appIdentifier: "com.example.nagme", service: RemoteNotificationService(client: client))
/// ```
///
/// The engine's refusals come back as the same ``NotificationModel/NotificationError``
/// (same code, the daemon's message); other failures (no daemon, a refused token)
/// throw ``HeraldClientError``.
///
/// What HTTP changes:
/// - ``setForeground(_:for:)`` throws ``HeraldClientError/Code/unsupported``: the
///   API has no foreground state, so the daemon presents every delivery as for an
///   app in the background and never asks the handler's `willPresent`.
/// - ``connect(_:for:)`` hands the handler the responses that reach the app from
///   the event stream, first those given while the app was away (the daemon keeps
///   each until the app acknowledges it), and acknowledges each once the handler
///   calls its completion handler; it opens a dropped stream again. A background
///   push (`content-available`) that reaches the app while it is connected goes
///   to its handler's `didReceiveRemoteNotification` (the application handler's,
///   else the notification handler's, as in process); one that came while it
///   was not connected is not handed over later, as on iOS.
/// - ``deliveries(for:)`` and ``responses(for:)`` open an event stream per
///   subscription; what happens before the daemon accepts it is not seen.
/// - Attachments travel as their bytes: a file attachment is read, checked and
///   sent base64 when it is added (all of one add's attachments within the
///   daemon's body limit, about 66.7 MiB). Read back (the pending and delivered
///   lists, deliveries and responses from the event stream), each attachment's
///   bytes are downloaded once and checked against its digest, and its
///   ``NotificationModel/NotificationAttachment/url`` is a file in a private
///   cache directory, as in process (``RemoteAttachmentFiles``). A listed
///   request or delivery whose attachment is gone by the time it is downloaded
///   (removed or replaced meanwhile) is left out of the list.
/// - ``locationAuthorizationChanges(for:)`` opens an event stream per
///   subscription and starts with the app's permission as the stream opens.
/// - `respond`'s `authenticated` is decided by the token: the admin token is an
///   authenticated user, an app's token is not.
public final class RemoteNotificationService: NotificationService {
    /// The client that reaches the daemon, with the app's token or the admin token.
    public let client: HeraldClient
    let logger = Logger(label: "Herald.RemoteNotificationService")
    let attachmentFiles = RemoteAttachmentFiles()
    let handlers = RemoteHandlers()

    /// A service over `client`.
    public init(client: HeraldClient) {
        self.client = client
    }

    public func requestAuthorization(options: AuthorizationOptions, for app: AppIdentifier) async throws -> Bool {
        try await remote { try await client.requestAuthorization(options: options.wireNames, for: app.rawValue) }
    }

    public func notificationSettings(for app: AppIdentifier) async throws -> NotificationSettings {
        try await remote { try await client.settings(for: app.rawValue).engineSettings() }
    }

    public func setCategories(_ categories: [NotificationCategory], for app: AppIdentifier) async throws {
        _ = try await remote { try await client.setCategories(categories.map(API.Category.init), for: app.rawValue) }
    }

    public func categories(for app: AppIdentifier) async throws -> [NotificationCategory] {
        try await remote { try await client.categories(for: app.rawValue).map { try $0.engineValue() } }
    }

    @discardableResult
    public func add(_ request: NotificationRequest, for app: AppIdentifier) async throws -> AddResult {
        let request = try request.loadingAttachments()
        return try await remote { AddResult(try await client.add(API.Request(request), for: app.rawValue)) }
    }

    @discardableResult
    public func add(_ requests: [NotificationRequest], for app: AppIdentifier) async throws -> AddResult {
        let requests = try requests.map { try $0.loadingAttachments() }
        return try await remote { AddResult(try await client.add(requests.map(API.Request.init), for: app.rawValue)) }
    }

    public func pendingRequests(for app: AppIdentifier) async throws -> [PendingRequest] {
        let requests = try await remote {
            try await client.pendingRequests(for: app.rawValue).map { try $0.enginePendingRequest() }
        }
        return try await withAttachmentFiles(requests, for: app)
    }

    public func removePendingRequests(withIdentifiers identifiers: [String], for app: AppIdentifier) async throws {
        try await remote {
            for identifier in identifiers { try await client.removePendingRequest(identifier, for: app.rawValue) }
        }
    }

    public func removeAllPendingRequests(for app: AppIdentifier) async throws {
        try await remote { try await client.removeAllPendingRequests(for: app.rawValue) }
    }

    public func deliveredNotifications(for app: AppIdentifier) async throws -> [Delivery] {
        let deliveries = try await remote {
            try await client.deliveredNotifications(for: app.rawValue).map { try $0.engineDelivery() }
        }
        return try await withAttachmentFiles(deliveries)
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String], for app: AppIdentifier)
        async throws
    {
        try await remote {
            for identifier in identifiers {
                try await client.removeDeliveredNotification(identifier, for: app.rawValue)
            }
        }
    }

    public func removeAllDeliveredNotifications(for app: AppIdentifier) async throws {
        try await remote { try await client.removeAllDeliveredNotifications(for: app.rawValue) }
    }

    public func setBadgeCount(_ count: Int, for app: AppIdentifier) async throws {
        _ = try await remote { try await client.setBadge(count, for: app.rawValue) }
    }

    public func showNotificationSettings(for app: AppIdentifier) async throws {
        try await remote { try await client.showSettings(for: app.rawValue) }
    }

    public func badgeCount(for app: AppIdentifier) async throws -> Int {
        try await remote { try await client.badge(for: app.rawValue) }
    }

    public func respond(
        to delivery: DeliveryID, actionIdentifier: String, userText: String?, authenticated: Bool,
        for app: AppIdentifier
    ) async throws {
        try await remote {
            // The route names the delivery alone; the engine also checks that it is the app's.
            guard try await client.delivery(delivery.description).app == app.rawValue else {
                throw NotificationError(.deliveryNotFound, "\(app) has no unanswered delivery \(delivery)")
            }
            try await client.respond(
                to: delivery.description, actionIdentifier: actionIdentifier, userText: userText)
        }
    }

    /// Runs a call, turning the daemon's engine errors back into ``NotificationError``.
    func remote<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch let error as HeraldClientError {
            throw error.notificationError ?? error
        }
    }
}

extension AddResult {
    /// The engine's form of the daemon's answer.
    init(_ result: API.AddResult) {
        self.init(evictedIdentifiers: result.evictedIdentifiers)
    }
}

extension NotificationRequest {
    /// The request with its file attachments read into their bytes, checked as
    /// the engine checks them, to send to the daemon.
    func loadingAttachments() throws -> NotificationRequest {
        var request = self
        request.content = try content.loadingAttachments()
        return request
    }
}

extension NotificationContent {
    /// The content with its file attachments read into their bytes, checked as
    /// the engine checks them, to send to the daemon.
    func loadingAttachments() throws -> NotificationContent {
        guard attachments.contains(where: { $0.url != nil && $0.bytes == nil }) else { return self }
        var content = self
        content.attachments = try attachments.map { attachment in
            guard let url = attachment.url, attachment.bytes == nil else { return attachment }
            var loaded = attachment
            loaded.bytes = try AttachmentFile.read(url, for: attachment)
            loaded.url = nil
            return loaded
        }
        return content
    }
}
