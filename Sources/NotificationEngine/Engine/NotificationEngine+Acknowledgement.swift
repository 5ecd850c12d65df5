import Foundation
import Synchronization

extension NotificationEngine {
    /// The app's responses that reached it and that it has not yet had: answers
    /// given while its handler was not connected, or handed to a handler that has
    /// not completed, oldest first. The engine keeps each until the app has it —
    /// its in-process handler completed, or it acknowledged it
    /// (``acknowledgeResponse(to:for:)``) — across restarts; with other writers,
    /// whichever engine the user answered on.
    ///
    /// The daemon sends these first on an app's event stream, so an app reached
    /// over HTTP gets the answers given while it was away.
    ///
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier``, or
    ///   ``NotificationError/Code/storeFailure`` when the store cannot be read.
    public func waitingResponses(for app: AppIdentifier) throws -> [NotificationResponse] {
        try Validator.validateApp(app)
        return try read { try $0.unhandledResponses(app) }
    }

    /// The app has the response to delivery `id`: the engine forgets it, so it is
    /// not handed over again, and the delivery, answered and out of the
    /// notification center, is deleted after ``Configuration/deliveryRetention``
    /// like any other. Its attachments' bytes go at once unless something else
    /// still needs them.
    ///
    /// An app reached over HTTP acknowledges each response it received on its
    /// event stream (`POST /v1/apps/{app}/responses/{delivery}/ack`); an app
    /// connected in process need not: its handler's completion does the same.
    ///
    /// ```swift
    /// for response in try engine.waitingResponses(for: app) {
    ///     try engine.acknowledgeResponse(to: response.delivery.id, for: app)
    /// }
    /// ```
    ///
    /// - Throws: ``NotificationError/Code/deliveryNotFound`` when the app has no
    ///   response to that delivery waiting (none was given, it was a dismissal the
    ///   app does not get, or it was acknowledged already), and nothing changes;
    ///   ``NotificationError/Code/invalidAppIdentifier``,
    ///   ``NotificationError/Code/storeFailure``.
    public func acknowledgeResponse(to id: DeliveryID, for app: AppIdentifier) throws {
        try Validator.validateApp(app)
        let frees = try write(locking: [app]) { transaction in
            let stored = try transaction.delivery(id)
            guard try transaction.removeResponse(id, of: app) else {
                throw NotificationError(.deliveryNotFound, "\(app) has no response to delivery \(id) waiting for it")
            }
            return stored.map { !$0.isListed && !$0.delivery.request.content.attachments.isEmpty } ?? false
        }
        state.withLock { _ = $0.responsesInFlight.remove(id) }
        if frees { sweepAttachments() }
    }
}
