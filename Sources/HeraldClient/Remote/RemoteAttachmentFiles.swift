import Crypto
import Foundation
import NotificationModel
import Synchronization

/// Local files for the attachments ``RemoteNotificationService`` reads back, so
/// that an attachment's `url` is a readable file over the daemon as in process.
///
/// Apple's `url` is read synchronously, so the bytes are downloaded while a
/// list, a delivery or a response is converted, before the app sees it: once
/// per digest, checked against it, into an ``AttachmentCache``. The cache keeps
/// the files of the last pending list, the last delivered list and the latest
/// attachments streamed since that delivered list (at most
/// ``streamedLimit``); the rest are removed when a list is read.
final class RemoteAttachmentFiles: Sendable {
    /// How many digests of attachments streamed since the last delivered list are kept.
    static let streamedLimit = 64

    private let cache: AttachmentCache
    private let kept = Mutex(Kept())

    private struct Kept {
        var pending: Set<String> = []
        var delivered: Set<String> = []
        var streamed: [String] = []

        var all: Set<String> { pending.union(delivered).union(streamed) }
    }

    init(cache: AttachmentCache = AttachmentCache()) {
        self.cache = cache
    }

    /// The pending requests with their attachments' files; a request whose
    /// attachment is gone or changed since the list was read (removed or
    /// replaced meanwhile) is left out, as it is no longer pending as listed.
    func pending(
        _ requests: [PendingRequest], download: (String, NotificationAttachment) async throws -> Data
    ) async throws -> [PendingRequest] {
        kept.withLock { $0.pending = Self.digests(requests.map(\.request)) }
        var files: [PendingRequest] = []
        for var pending in requests {
            let identifier = pending.request.identifier
            guard let request = try await unlessGone({
                try await withFiles(pending.request) { try await download(identifier, $0) }
            }) else { continue }
            pending.request = request
            files.append(pending)
        }
        prune()
        return files
    }

    /// The delivered notifications with their attachments' files; one whose
    /// attachment is gone since the list was read (removed meanwhile) is left out.
    func delivered(
        _ deliveries: [Delivery], download: (DeliveryID, NotificationAttachment) async throws -> Data
    ) async throws -> [Delivery] {
        kept.withLock { kept in
            kept.delivered = Self.digests(deliveries.map(\.request))
            kept.streamed = []
        }
        var files: [Delivery] = []
        for var delivery in deliveries {
            let id = delivery.id
            guard let request = try await unlessGone({ try await withFiles(delivery.request) { try await download(id, $0) } })
            else { continue }
            delivery.request = request
            files.append(delivery)
        }
        prune()
        return files
    }

    /// A delivery from the event stream with its attachments' files. It reaches
    /// the app whatever happens: an attachment whose bytes cannot be had keeps
    /// no file (its `url` is then not a file's), and the failure is thrown to be logged.
    func streamed(
        _ delivery: Delivery, download: (NotificationAttachment) async throws -> Data
    ) async -> (delivery: Delivery, failure: (any Error)?) {
        let digests = delivery.request.content.attachments.map(\.digest)
        guard !digests.isEmpty else { return (delivery, nil) }
        kept.withLock { kept in
            kept.streamed.removeAll(where: digests.contains)
            kept.streamed = Array((kept.streamed + digests).suffix(Self.streamedLimit))
        }
        do {
            var named = delivery
            named.request = try await withFiles(delivery.request, download: download)
            return (named, nil)
        } catch {
            return (delivery, error)
        }
    }

    /// The request with each attachment's `url` its local file.
    private func withFiles(
        _ request: NotificationRequest, download: (NotificationAttachment) async throws -> Data
    ) async throws -> NotificationRequest {
        var named = request
        for index in named.content.attachments.indices {
            named.content.attachments[index].url = try await file(
                for: named.content.attachments[index], download: download)
        }
        return named
    }

    /// What `body` returns, or `nil` when it throws that an attachment listed a
    /// moment ago is gone from the daemon or is no longer what was listed.
    private func unlessGone<T>(_ body: () async throws -> T) async throws -> T? {
        do {
            return try await body()
        } catch let error as NotificationError where Self.gone.contains(error.code) {
            return nil
        }
    }

    /// The cached file of the attachment's bytes, downloaded if it is not cached.
    private func file(
        for attachment: NotificationAttachment, download: (NotificationAttachment) async throws -> Data
    ) async throws -> URL {
        if let file = cache.file(for: attachment.digest) { return file }
        guard PrivateFile.isDigest(attachment.digest) else {
            throw NotificationError(
                .attachmentNotInDataStore,
                "the daemon named attachment \(attachment.identifier) by \(attachment.digest), which is not a SHA-256 digest")
        }
        let data = try await download(attachment)
        let digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        guard digest == attachment.digest else {
            throw NotificationError(
                .attachmentNotInDataStore,
                "attachment \(attachment.identifier) changed on the daemon since it was listed")
        }
        return try cache.store(data, digest: digest)
    }

    private func prune() {
        kept.withLock { cache.removeAll(except: $0.all) }
    }

    /// The codes that say an attachment listed a moment ago is no longer there.
    private static let gone: Set<NotificationError.Code> = [
        .deliveryNotFound, .attachmentNotFound, .attachmentNotInDataStore,
    ]

    private static func digests(_ requests: [NotificationRequest]) -> Set<String> {
        Set(requests.flatMap { $0.content.attachments.map(\.digest) })
    }
}
