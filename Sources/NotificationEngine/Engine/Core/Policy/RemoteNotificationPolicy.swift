import Foundation

/// What a push that reaches the device becomes, as iOS decides: a pure decision
/// on the push and the app's authorization, asked by
/// ``NotificationEngine/deliverRemoteNotification(_:for:)`` before it adds anything.
enum RemoteNotificationPolicy {
    /// Where a push goes.
    enum Route: Equatable {
        /// It has something to show and the app may post: delivered as a request
        /// without a trigger is, trigger ``NotificationTrigger/push``.
        case alert
        /// Content available and nothing to show: for the running app, not shown.
        case background
        /// Something to show, but the app is not authorized: not shown.
        case notAuthorized
        /// Nothing to show and no background fetch asked for: dropped.
        case empty
    }

    /// The route of `push` for an app whose authorization is `status`. A push
    /// with something to show is an alert push even if it also asks for a
    /// background fetch.
    static func route(_ push: RemoteNotification, authorization status: AuthorizationStatus) -> Route {
        guard showsSomething(push.content) else { return push.isContentAvailable ? .background : .empty }
        switch status {
        case .authorized, .provisional: return .alert
        case .denied, .notDetermined: return .notAuthorized
        }
    }

    /// Whether the push reaches the running app's background fetch: any push
    /// with `content-available`, shown or not, for an app authorized or not.
    static func wakesApp(_ push: RemoteNotification) -> Bool {
        push.isContentAvailable
    }

    /// Whether the push goes through the app's service extension before it is
    /// shown, as iOS decides: a `mutable-content` push that will be shown
    /// (``route(_:authorization:)`` is ``Route/alert``) with an alert (a title,
    /// subtitle or body: a push that only plays a sound or sets a badge is not
    /// changed), for an app with an extension.
    static func passesThroughExtension(
        _ push: RemoteNotification, authorization status: AuthorizationStatus, hasExtension: Bool
    ) -> Bool {
        guard hasExtension, push.isMutableContent, route(push, authorization: status) == .alert else { return false }
        let content = push.content
        return !content.title.isEmpty || !content.subtitle.isEmpty || !content.body.isEmpty
    }

    /// Whether content shows something to the user, as a local notification's
    /// must: a title, subtitle or body, a sound or a badge.
    static func showsSomething(_ content: NotificationContent) -> Bool {
        Validator.hasSomethingToShow(content)
    }
}
