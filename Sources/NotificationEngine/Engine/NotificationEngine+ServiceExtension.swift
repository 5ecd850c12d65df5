import Foundation
import Logging
public import Signals
import Synchronization

extension NotificationEngine: ServiceExtensionHost {
    /// Sets the app's service extension: each `mutable-content` alert push for
    /// the app goes through a handler `makeHandler` makes for it before it is
    /// shown (``deliverRemoteNotification(_:for:)``). Connecting again replaces
    /// the earlier one; disposing disconnects.
    ///
    /// ```swift
    /// let connection = try await engine.connectServiceExtension({ Decrypting() }, for: "com.example.chat")
    /// ```
    public func connectServiceExtension(
        _ makeHandler: @escaping @Sendable () -> any ServiceExtensionHandler, for app: AppIdentifier
    ) async throws -> any Disposable {
        try Validator.validateApp(app)
        let token = state.withLock { state in
            let token = state.makeToken()
            state.serviceExtensions[app] = EngineState.ServiceExtension(token: token, makeHandler: makeHandler)
            return token
        }
        return ActionDisposable { [weak self] in
            self?.state.withLock { state in
                if state.serviceExtensions[app]?.token == token { state.serviceExtensions[app] = nil }
            }
        }
    }

    /// The push as it is to be shown: with the content of the app's service
    /// extension if the push goes through one
    /// (``RemoteNotificationPolicy/passesThroughExtension(_:authorization:hasExtension:)``),
    /// else as it came. Waits for the extension, 30 s of the engine's clock at
    /// most, and throws as ``deliverRemoteNotification(_:for:)`` does for a push
    /// refused as it came, without running the extension.
    func throughServiceExtension(_ push: RemoteNotification, for app: AppIdentifier) async throws -> RemoteNotification {
        guard push.isMutableContent, let make = state.withLock({ $0.serviceExtensions[app]?.makeHandler }) else {
            return push
        }
        try Validator.validateApp(app)
        let status = try await offloaded { try self.record(app).preferences.authorizationStatus }
        guard RemoteNotificationPolicy.passesThroughExtension(push, authorization: status, hasExtension: true) else {
            return push
        }
        let request = NotificationRequest(identifier: push.requestIdentifier, content: push.content, trigger: .push)
            .canonical
        // A push refused as it came is refused now, before its extension waits for nothing.
        try Validator.validatePushed(request, now: scheduler.now)
        let run = ServiceExtensionRun(engine: self, app: app, push: push, request: request, handler: make())
        var shown = push
        shown.content = await run.content()
        return shown
    }

    /// Checks what an extension gave as the content of `request`, as the content
    /// of any request a push delivers, and that it shows something.
    func validateExtensionContent(
        _ content: NotificationContent, replacing request: NotificationRequest
    ) throws -> NotificationContent {
        var changed = request
        changed.content = content
        try Validator.validatePushed(changed.canonical, now: scheduler.now)
        guard Validator.hasSomethingToShow(content) else {
            throw NotificationError(
                .invalidNoContent, "the content has no title, subtitle, body, sound or badge: there is nothing to show")
        }
        return content
    }
}
