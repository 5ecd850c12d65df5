import Crypto
import Logging
public import Foundation
import Synchronization

/// An attachment with its bytes, as read from the engine's attachment store.
public struct AttachmentContents: Sendable {
    /// The attachment, as its request or delivery holds it.
    public var attachment: NotificationAttachment
    /// Its bytes.
    public var data: Data
}

extension NotificationEngine {
    /// The bytes of attachment `identifier` of the app's delivery `id`, for
    /// presenters and the HTTP API.
    ///
    /// - Throws: ``NotificationError/Code/deliveryNotFound`` when the app has no
    ///   such delivery (answered and removed ones count while they are kept),
    ///   ``NotificationError/Code/attachmentNotFound`` when it has no such
    ///   attachment, ``NotificationError/Code/attachmentNotInDataStore`` when its
    ///   bytes are gone from the store.
    public func attachment(_ identifier: String, ofDelivery id: DeliveryID, for app: AppIdentifier) throws
        -> AttachmentContents
    {
        guard let delivery = try read({ try $0.delivery(id) })?.delivery, delivery.app == app else {
            throw NotificationError(.deliveryNotFound, "\(app) has no delivery \(id)")
        }
        return try contents(of: identifier, in: delivery.request)
    }

    /// The bytes of attachment `identifier` of the app's pending request
    /// `requestIdentifier`.
    ///
    /// - Throws: ``NotificationError/Code/attachmentNotFound`` when the app has no
    ///   such pending request or it no such attachment,
    ///   ``NotificationError/Code/attachmentNotInDataStore`` when its bytes are gone.
    public func attachment(_ identifier: String, ofPendingRequest requestIdentifier: String, for app: AppIdentifier)
        throws -> AttachmentContents
    {
        try Validator.validateApp(app)
        guard let pending = try read({ try $0.pending(app, identifier: requestIdentifier.canonical) }) else {
            throw NotificationError(.attachmentNotFound, "\(app) has no pending request \(Validator.quoted(requestIdentifier))")
        }
        return try contents(of: identifier, in: pending.request)
    }

    private func contents(of identifier: String, in request: NotificationRequest) throws -> AttachmentContents {
        guard let attachment = request.content.attachments.first(where: { $0.identifier == identifier }) else {
            throw NotificationError(
                .attachmentNotFound,
                "request \(Validator.quoted(request.identifier)) has no attachment \(Validator.quoted(identifier))")
        }
        guard let data = try attachments.data(attachment.digest) else {
            throw NotificationError(
                .attachmentNotInDataStore,
                "the bytes of attachment \(Validator.quoted(identifier)) (\(attachment.digest)) are not in the attachment store")
        }
        var named = attachment
        named.url = attachments.url(attachment.digest)
        return AttachmentContents(attachment: named, data: data)
    }

    // MARK: Adding

    /// The requests with their attachments' bytes checked and kept in the
    /// attachment store, and the digests pinned for them (see ``AttachmentStore``):
    /// the caller unpins them once the requests are committed or refused.
    func importAttachments(_ requests: [NotificationRequest]) throws -> (requests: [NotificationRequest], pinned: [String]) {
        guard requests.contains(where: { !$0.content.attachments.isEmpty }) else { return (requests, []) }
        var pinned: [String] = []
        do {
            var imported = requests
            for index in imported.indices where !imported[index].content.attachments.isEmpty {
                try Validator.validateAttachments(imported[index].content.attachments)
                for slot in imported[index].content.attachments.indices {
                    let stored = try importAttachment(imported[index].content.attachments[slot])
                    pinned.append(stored.digest)
                    imported[index].content.attachments[slot] = stored
                }
            }
            return (imported, pinned)
        } catch {
            attachments.unpin(pinned)
            throw error
        }
    }

    /// Unpins what an add pinned; if the add was refused, sweeps the bytes it
    /// stored for nothing.
    func releaseAttachments(_ pinned: [String], committed: Bool) {
        attachments.unpin(pinned)
        if !committed && !pinned.isEmpty { sweepAttachments() }
    }

    /// The attachment as the engine keeps it, its bytes stored and pinned.
    private func importAttachment(_ attachment: NotificationAttachment) throws -> NotificationAttachment {
        var stored = attachment
        stored.url = nil
        stored.bytes = nil
        let data: Data
        if let bytes = attachment.bytes {
            try Validator.validateBytes(bytes, of: attachment)
            data = bytes
        } else if let url = attachment.url, url != attachments.url(attachment.digest) {
            data = try AttachmentFile.read(url, for: attachment)
        } else {
            // Already stored: a request read back from the engine (its url, if any,
            // the stored copy) and added again. Its size is the stored bytes', not
            // what the caller says (the attachment quota counts it).
            guard !attachment.digest.isEmpty, let size = attachments.pin(attachment.digest) else {
                throw NotificationError(
                    .attachmentNotInDataStore,
                    "attachment \(Validator.quoted(attachment.identifier)) has no file or bytes, and none are stored under its digest")
            }
            stored.size = size
            return stored
        }
        stored.size = data.count
        stored.digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        do {
            try attachments.put(data, digest: stored.digest)
        } catch {
            throw NotificationError(
                .attachmentMoveIntoDataStoreFailed,
                "attachment \(Validator.quoted(attachment.identifier)) could not be stored: \(error)")
        }
        return stored
    }

    // MARK: Reading back

    /// A readable file holding the attachment's bytes: the store's own (SQLite),
    /// or, for a store that keeps no files (in memory, PostgreSQL), a copy in the
    /// engine's private cache directory (``AttachmentCache``), written the first
    /// time it is asked for. `nil` when the bytes are gone. Presenters that show
    /// images by path, such as the desktop's `image-path`, read it.
    public func storedFile(of attachment: NotificationAttachment) -> URL? {
        if let url = attachments.url(attachment.digest) { return url }
        do {
            return try attachmentFiles.file(for: attachment.digest) { try attachments.data(attachment.digest) }
        } catch {
            logger.error("attachment \(attachment.digest) could not be copied into a local file: \(error)")
            return nil
        }
    }

    /// The attachment with ``NotificationAttachment/url`` set to a readable file
    /// of its bytes (``storedFile(of:)``), as an app reads it back.
    func withStoreURL(_ attachment: NotificationAttachment) -> NotificationAttachment {
        var attachment = attachment
        attachment.url = storedFile(of: attachment)
        return attachment
    }

    /// The request with its attachments' files named.
    func withStoreURLs(_ request: NotificationRequest) -> NotificationRequest {
        guard !request.content.attachments.isEmpty else { return request }
        var request = request
        request.content.attachments = request.content.attachments.map(withStoreURL)
        return request
    }

    /// The delivery with its attachments' files named.
    func withStoreURLs(_ delivery: Delivery) -> Delivery {
        var delivery = delivery
        delivery.request = withStoreURLs(delivery.request)
        return delivery
    }

    // MARK: Sweeping

    /// Sweeps after a firing batch that took deliveries out of the notification
    /// center (replaced by newer ones, or pushed out by its limit), if they had
    /// attachments the batch's own deliveries do not: a request firing again with
    /// the same attachments frees nothing.
    func sweepAttachments(freedBy firing: Firing) {
        let unlisted = firing.replaced.values.flatMap { $0 }
        guard !unlisted.isEmpty, !attachments.isEmpty else { return }
        let gone = Set(unlisted)
        let kept = Set(firing.deliveries.filter { !gone.contains($0.id) }.flatMap { $0.request.content.attachments.map(\.digest) })
        do {
            let frees = try read { transaction in
                try unlisted.contains { id in
                    let attachments = try transaction.delivery(id)?.delivery.request.content.attachments ?? []
                    return attachments.contains { !kept.contains($0.digest) }
                }
            }
            if frees { sweepAttachments() }
        } catch {
            logger.error("looking at the attachments of \(unlisted.count) deliveries that left the center failed: \(error)")
        }
    }

    /// Removes the stored bytes that no pending request refers to, nor a delivery
    /// that is listed, in the outbox or answered with a response its app has not
    /// yet had (``StoreTransaction/attachmentDigests()``); takes the `scheduling` lock.
    func sweepAttachments() {
        guard !attachments.isEmpty || !attachmentFiles.isEmpty else { return }
        scheduling.withLock { sweepAttachments(in: &$0) }
    }

    /// ``sweepAttachments()`` with the `scheduling` lock held, so no add commits
    /// between reading what is referred to and removing the rest (an add not yet
    /// committed has pinned its digests).
    func sweepAttachments(in _: inout Scheduling) {
        guard !attachments.isEmpty || !attachmentFiles.isEmpty else { return }
        do {
            let referenced = try read { try $0.attachmentDigests() }
            attachmentFiles.removeAll(except: referenced)
            let removed = try attachments.removeAll(except: referenced)
            if removed > 0 { logger.info("removed \(removed) attachment files nothing refers to any more") }
        } catch {
            logger.error("sweeping the attachment store failed: \(error)")
        }
    }
}
