import Foundation

extension EngineCore {
    /// Whether adding `items` may take an app over its attachment bytes, so the
    /// engine reads what the app holds (``checkAttachmentQuota(_:for:holding:)``):
    /// only when one of them carries an attachment.
    static func carriesAttachments(_ items: [PendingRequest]) -> Bool {
        items.contains { !$0.request.content.attachments.isEmpty }
    }

    /// Checks that once `plan` is written the app's attachments hold no more than
    /// ``Rules/attachmentBytesPerApp``: those of its pending requests that the plan
    /// keeps, of its deliveries whose bytes are kept, and of the new requests,
    /// each file (digest) counted once however many refer to it.
    ///
    /// - Throws: ``NotificationError/Code/payloadTooLarge`` beyond the limit.
    func checkAttachmentQuota(_ plan: AddPlan, for app: AppIdentifier, holding held: AttachmentReferences) throws {
        let gone = Set(plan.replaced).union(plan.evicted.map(\.request.identifier))
        var sizes: [String: Int] = [:]
        func count(_ attachments: [NotificationAttachment]) {
            for attachment in attachments { sizes[attachment.digest] = attachment.size }
        }
        for (identifier, attachments) in held.pending where !gone.contains(identifier) { count(attachments) }
        held.delivered.forEach(count)
        plan.items.forEach { count($0.request.content.attachments) }
        let total = sizes.values.reduce(0) { $0 + max($1, 0) }
        guard total <= rules.attachmentBytesPerApp else {
            throw NotificationError(
                .payloadTooLarge,
                "the attachments of \(app) would hold \(total) bytes; an app's pending and delivered notifications "
                    + "may hold \(rules.attachmentBytesPerApp): remove some of them first")
        }
    }
}
