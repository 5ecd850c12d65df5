package import Foundation

extension Validator {
    /// Checks a request's attachments before their bytes are read: how many,
    /// their identifiers, types and thumbnail options.
    package static func validateAttachments(_ attachments: [NotificationAttachment]) throws(NotificationError) {
        let limit = NotificationLimits.maximumAttachmentsPerRequest
        guard attachments.count <= limit else {
            throw NotificationError(
                .tooManyAttachments, "the request has \(attachments.count) attachments; the limit is \(limit)")
        }
        var seen = Set<String>()
        for attachment in attachments {
            try checkIdentifier(attachment.identifier, of: "attachment identifier")
            guard seen.insert(attachment.identifier).inserted else {
                throw NotificationError(
                    .tooManyAttachments, "two attachments have the identifier \(quoted(attachment.identifier))")
            }
            try checkLength(
                attachment.fileName, of: "attachment file name", limit: NotificationLimits.maximumIdentifierLength,
                code: .invalidIdentifier)
            guard !attachment.type.rawValue.isEmpty else {
                throw NotificationError(
                    .attachmentUnrecognizedType,
                    "attachment \(quoted(attachment.identifier)) has no type: give one, or a file name whose extension names a supported type")
            }
            guard attachment.type.isSupported else {
                throw NotificationError(
                    .attachmentUnrecognizedType,
                    "attachment \(quoted(attachment.identifier)) has type \(quoted(attachment.type.rawValue)), which is not supported")
            }
            try validateThumbnail(attachment.thumbnail, of: attachment.identifier)
        }
    }

    /// Checks thumbnail options: a clipping rectangle inside the unit square, a
    /// time of 0 seconds or more.
    package static func validateThumbnail(
        _ options: AttachmentThumbnailOptions, of identifier: String
    ) throws(NotificationError) {
        if let rect = options.clippingRect {
            let values = [rect.x, rect.y, rect.width, rect.height]
            guard values.allSatisfy({ $0.isFinite && (0...1).contains($0) }) else {
                throw NotificationError(
                    .attachmentCorrupt,
                    "attachment \(quoted(identifier))'s thumbnail clipping rectangle has values outside 0...1")
            }
        }
        if let time = options.time, !(time.isFinite && time >= 0) {
            throw NotificationError(
                .attachmentCorrupt, "attachment \(quoted(identifier))'s thumbnail time \(number(time)) is not 0 or more")
        }
    }

    /// Checks an attachment's bytes: a supported type, a size from 1 byte to the
    /// type's maximum, and a header that is the type's.
    package static func validateBytes(
        _ data: Data, of attachment: NotificationAttachment
    ) throws(NotificationError) {
        try validateSize(data.count, of: attachment)
        try validateHeader(data, of: attachment)
    }

    /// Checks that `header`, the first bytes of the attachment's file, is its type's.
    static func validateHeader(_ header: Data, of attachment: NotificationAttachment) throws(NotificationError) {
        guard attachment.type.matches(header: header) else {
            throw NotificationError(
                .attachmentCorrupt,
                "attachment \(quoted(attachment.identifier)) does not start as a file of type \(attachment.type) does")
        }
    }

    /// Checks a size against the attachment type's maximum.
    package static func validateSize(_ size: Int, of attachment: NotificationAttachment) throws(NotificationError) {
        guard let maximum = attachment.type.maximumSize else {
            throw NotificationError(
                .attachmentUnrecognizedType, "attachment type \(quoted(attachment.type.rawValue)) is not supported")
        }
        guard size > 0, size <= maximum else {
            throw NotificationError(
                .attachmentInvalidFileSize,
                "attachment \(quoted(attachment.identifier)) is \(size) bytes; a \(attachment.type) attachment has 1 to \(maximum)")
        }
    }
}
