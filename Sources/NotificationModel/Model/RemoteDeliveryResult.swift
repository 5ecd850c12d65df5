/// What the device's engine did with a ``RemoteNotification``
/// (``NotificationEngine/deliverRemoteNotification(_:for:)``). None of these is
/// an error: the push service already accepted the push, and tells its server
/// nothing more; it may log the result.
public enum RemoteDeliveryResult: Codable, Sendable, Hashable {
    /// An alert push became a delivery of the request with this identifier
    /// (the push's ``RemoteNotification/requestIdentifier`` in NFC), trigger
    /// ``NotificationTrigger/push``: shown, listed or handed to the foreground
    /// app's `willPresent` as a local notification's is, replacing the delivery
    /// of an earlier push with the same collapse identifier.
    /// A push that also asks for a background fetch reaches the running app as
    /// a background push does.
    case delivered(requestIdentifier: String)
    /// A background push (content available, nothing to show): not shown and not
    /// stored as a delivery. It reached the running app's handler
    /// (``NotificationAppHandler/didReceiveRemoteNotification(_:completionHandler:)``),
    /// or, with `reachedApp` false, no app was connected to receive it.
    case background(reachedApp: Bool)
    /// The push has something to show but the user has not allowed the app's
    /// notifications: not shown and not stored, as on iOS.
    case notAuthorized
    /// The push has nothing to show and asks for no background fetch: dropped.
    case empty
}
