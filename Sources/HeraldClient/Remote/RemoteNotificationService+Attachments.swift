import Logging
import NotificationModel

extension RemoteNotificationService {
    /// The pending requests with their attachments' bytes downloaded into local
    /// files (see ``RemoteAttachmentFiles``).
    func withAttachmentFiles(_ requests: [PendingRequest], for app: AppIdentifier) async throws -> [PendingRequest] {
        try await attachmentFiles.pending(requests) { [self] identifier, attachment in
            try await remote {
                try await client.attachmentData(attachment.identifier, ofPendingRequest: identifier, for: app.rawValue)
            }
        }
    }

    /// The delivered notifications with their attachments' bytes downloaded into local files.
    func withAttachmentFiles(_ deliveries: [Delivery]) async throws -> [Delivery] {
        try await attachmentFiles.delivered(deliveries) { [self] id, attachment in
            try await remote { try await client.attachmentData(attachment.identifier, ofDelivery: id.description) }
        }
    }

    /// A delivery from the event stream with its attachments' bytes downloaded
    /// into local files. It reaches the app even when they cannot be: the failure
    /// is logged and those attachments have no file.
    func withAttachmentFiles(_ delivery: Delivery) async -> Delivery {
        let (named, failure) = await attachmentFiles.streamed(delivery) { [self] attachment in
            try await remote { try await client.attachmentData(attachment.identifier, ofDelivery: delivery.id.description) }
        }
        if let failure {
            logger.warning("the attachments of delivery \(delivery.id) of \(delivery.app) could not be downloaded: \(failure)")
        }
        return named
    }
}
