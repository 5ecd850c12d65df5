public import Foundation
public import NotificationModel

extension API {
    /// An image, sound or video shown with a notification.
    ///
    /// To add one, send its bytes base64-encoded in `data` with a `fileName` whose
    /// extension names its type, or a `type` (a UTI such as `public.png`). The
    /// daemon checks them (type, size, header) and stores them; what it returns
    /// has `size` and `digest` (the SHA-256 of the bytes, hexadecimal) and no
    /// `data`. Download the bytes from
    /// `GET /v1/deliveries/{deliveryID}/attachments/{identifier}` or
    /// `GET /v1/apps/{app}/requests/{identifier}/attachments/{attachment}`.
    public struct Attachment: Codable, Sendable, Hashable {
        /// The attachment's name, unique within its request.
        public var identifier: String
        /// Its type as a UTI, such as `public.png`; empty to take it from `fileName`'s extension.
        public var type: String
        /// The file's name.
        public var fileName: String
        /// How many bytes it has; `0` in what is sent.
        public var size: Int
        /// The SHA-256 of the bytes, lowercase hexadecimal; empty in what is sent.
        public var digest: String
        /// Whether the thumbnail is hidden.
        public var thumbnailHidden: Bool?
        /// The part of an image the thumbnail shows, in unit coordinates.
        public var thumbnailClippingRect: ClippingRect?
        /// The second of a video the thumbnail shows.
        public var thumbnailTime: Double?
        /// The bytes, base64 in JSON: sent when adding, never returned.
        public var data: Data?

        /// A rectangle in unit coordinates.
        public struct ClippingRect: Codable, Sendable, Hashable {
            public var x: Double
            public var y: Double
            public var width: Double
            public var height: Double

            public init(x: Double, y: Double, width: Double, height: Double) {
                self.x = x
                self.y = y
                self.width = width
                self.height = height
            }
        }

        /// An attachment with these values.
        public init(
            identifier: String, type: String = "", fileName: String = "", size: Int = 0, digest: String = "",
            thumbnailHidden: Bool? = nil, thumbnailClippingRect: ClippingRect? = nil, thumbnailTime: Double? = nil,
            data: Data? = nil
        ) {
            self.identifier = identifier
            self.type = type
            self.fileName = fileName
            self.size = size
            self.digest = digest
            self.thumbnailHidden = thumbnailHidden
            self.thumbnailClippingRect = thumbnailClippingRect
            self.thumbnailTime = thumbnailTime
            self.data = data
        }

        private enum CodingKeys: String, CodingKey {
            case identifier, type, fileName, size, digest, thumbnailHidden, thumbnailClippingRect, thumbnailTime, data
        }

        /// Decodes an attachment; all but `identifier` may be left out.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            identifier = try container.decode(String.self, forKey: .identifier)
            type = try container.decodeIfPresent(String.self, forKey: .type) ?? ""
            fileName = try container.decodeIfPresent(String.self, forKey: .fileName) ?? ""
            size = try container.decodeIfPresent(Int.self, forKey: .size) ?? 0
            digest = try container.decodeIfPresent(String.self, forKey: .digest) ?? ""
            thumbnailHidden = try container.decodeIfPresent(Bool.self, forKey: .thumbnailHidden)
            thumbnailClippingRect = try container.decodeIfPresent(ClippingRect.self, forKey: .thumbnailClippingRect)
            thumbnailTime = try container.decodeIfPresent(Double.self, forKey: .thumbnailTime)
            data = try container.decodeIfPresent(Data.self, forKey: .data)
        }
    }
}

extension API.Attachment {
    /// The wire form of an engine attachment: its bytes if it carries them, else
    /// the stored attachment's size and digest.
    public init(_ attachment: NotificationAttachment) {
        let rect = attachment.thumbnail.clippingRect
        self.init(
            identifier: attachment.identifier, type: attachment.type.rawValue, fileName: attachment.fileName,
            size: attachment.size, digest: attachment.digest, thumbnailHidden: attachment.thumbnail.isHidden,
            thumbnailClippingRect: rect.map { ClippingRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) },
            thumbnailTime: attachment.thumbnail.time, data: attachment.bytes)
    }

    /// The engine's attachment: with ``data``, bytes for the engine to check and
    /// store; without, a stored attachment as the daemon described it. A `type`
    /// left empty is taken from `fileName`'s extension; when that names no
    /// supported type, the engine refuses the attachment with
    /// ``NotificationError/Code/attachmentUnrecognizedType``.
    public var engineValue: NotificationAttachment {
        let rect = thumbnailClippingRect.map {
            AttachmentThumbnailOptions.ClippingRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height)
        }
        let thumbnail = AttachmentThumbnailOptions(isHidden: thumbnailHidden, clippingRect: rect, time: thumbnailTime)
        let resolved = type.isEmpty
            ? (try? AttachmentType.forExtension((fileName as NSString).pathExtension)) ?? AttachmentType(rawValue: "")
            : AttachmentType(rawValue: type)
        return NotificationAttachment(
            identifier: identifier, type: resolved, fileName: fileName, size: data == nil ? size : 0,
            digest: data == nil ? digest : "", thumbnail: thumbnail, bytes: data)
    }
}
