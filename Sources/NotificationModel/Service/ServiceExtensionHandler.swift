public import Signals

/// An app's notification service extension as the engine runs it: for one
/// `mutable-content` alert push, it may change the content before the user sees
/// it (download an attachment, decrypt the body, …). `UserNotifications`'
/// `UNNotificationServiceExtension` is this for Apple's API.
///
/// The engine makes one handler per push (``ServiceExtensionHost/connectServiceExtension(_:for:)``),
/// as iOS makes an instance of the extension's class, and calls
/// ``didReceive(_:withContentHandler:)``. What the handler passes to the content
/// handler within 30 seconds of the engine's clock is shown instead of the
/// push's content; after that the engine calls ``serviceExtensionTimeWillExpire()``,
/// during which a last call of the content handler still counts, and otherwise
/// shows the push's own content. Content refused as any content is (too long,
/// nothing to show, …) is logged and the push's own content shown. Only the
/// first call of the content handler counts.
public protocol ServiceExtensionHandler: Sendable {
    /// A push for the app arrived: call `contentHandler` once with the content to
    /// show, from any thread, now or later.
    ///
    /// - Parameters:
    ///   - request: The request the push becomes: its identifier (the collapse
    ///     identifier or the push's id), its content and the push trigger.
    ///   - contentHandler: Takes the content to show.
    func didReceive(
        _ request: NotificationRequest, withContentHandler contentHandler: @escaping @Sendable (NotificationContent) -> Void)

    /// The 30 seconds are up: call the content handler now with the best content
    /// so far, before returning, or the push's own content is shown.
    func serviceExtensionTimeWillExpire()

    /// The 30 seconds are up, for a handler whose best attempt comes from elsewhere
    /// (another process): as ``serviceExtensionTimeWillExpire()``, but what the
    /// engine waits for is the call of `returned`, which such a handler makes once
    /// its answer came or its own wait ended, holding no thread meanwhile. The
    /// default calls ``serviceExtensionTimeWillExpire()``, then `returned`.
    func serviceExtensionTimeWillExpire(returning returned: @escaping @Sendable () -> Void)
}

extension ServiceExtensionHandler {
    public func serviceExtensionTimeWillExpire(returning returned: @escaping @Sendable () -> Void) {
        serviceExtensionTimeWillExpire()
        returned()
    }
}

/// A ``NotificationService`` that runs apps' service extensions: the engine in
/// process, and `HeraldClient`'s service over the daemon's HTTP API, which hands
/// the daemon's pushes to the extension in the app's process.
public protocol ServiceExtensionHost: NotificationService {
    /// Sets the app's service extension: each `mutable-content` alert push for
    /// the app goes through a handler `makeHandler` makes for it before it is
    /// shown. Connecting again replaces the earlier one; disposing disconnects
    /// (disposing a replaced connection does nothing), and later pushes are
    /// shown as they came.
    ///
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier`` for an invalid app identifier.
    func connectServiceExtension(
        _ makeHandler: @escaping @Sendable () -> any ServiceExtensionHandler, for app: AppIdentifier
    ) async throws -> any Disposable
}
