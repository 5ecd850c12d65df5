public import Foundation

/// A file shown with a notification: an image, a sound or a video
/// (`UNNotificationAttachment` on Apple's platforms).
///
/// To add one, name its bytes with ``file(identifier:url:type:options:)`` (in
/// process) or ``data(identifier:bytes:fileName:type:options:)`` (over HTTP). At
/// `add`, the engine checks the type against the bytes' header, checks the size
/// against ``AttachmentType/maximumSize`` and copies the bytes into its
/// attachment store, so deleting the original afterwards breaks nothing; the
/// attachment it keeps names the stored bytes by their SHA-256 ``digest``.
///
/// ```swift
/// let photo = try NotificationAttachment.file(
///     identifier: "photo", url: URL(fileURLWithPath: "/tmp/cat.png"))
/// var content = NotificationContent(title: "Look")
/// content.attachments = [photo]
/// ```
///
/// A request has at most ``NotificationLimits/maximumAttachmentsPerRequest``
/// attachments, with distinct identifiers.
public struct NotificationAttachment: Codable, Sendable, Hashable {
    /// The app's name for the attachment, unique within its request: 1 to
    /// ``NotificationLimits/maximumIdentifierLength`` characters.
    public var identifier: String
    /// The type, as a uniform type identifier such as `"public.png"`.
    public var type: AttachmentType
    /// The file's name without its directory, for a download's suggested name.
    public var fileName: String
    /// The number of bytes; `0` until the engine has stored them.
    public var size: Int
    /// The lowercase hexadecimal SHA-256 of the bytes, which names them in the
    /// attachment store; empty until the engine has stored them.
    public var digest: String
    /// How to show the thumbnail.
    public var thumbnail: AttachmentThumbnailOptions
    /// Where the bytes are to be read, when the engine is handed a file to copy;
    /// or, as read back from an engine that keeps its attachments in files, the
    /// stored copy (read-only). Not stored: the engine keeps the bytes by digest.
    public var url: URL?
    /// The bytes themselves, when the engine is handed them rather than a file.
    /// Not stored, and `nil` in what the engine returns.
    public var bytes: Data?

    /// An attachment with these values; the engine makes stored ones, a client
    /// reading them from the daemon makes them too.
    public init(
        identifier: String, type: AttachmentType, fileName: String, size: Int = 0, digest: String = "",
        thumbnail: AttachmentThumbnailOptions = AttachmentThumbnailOptions(), url: URL? = nil, bytes: Data? = nil
    ) {
        self.identifier = identifier
        self.type = type
        self.fileName = fileName
        self.size = size
        self.digest = digest
        self.thumbnail = thumbnail
        self.url = url
        self.bytes = bytes
    }

    /// The file at `url` to attach, its type taken from `type` or else from the
    /// file's extension. The file is read when the request is added.
    ///
    /// - Throws: ``NotificationError/Code/attachmentUnrecognizedType`` when no type is
    ///   given and the extension names none Herald supports.
    public static func file(
        identifier: String, url: URL, type: AttachmentType? = nil,
        options: AttachmentThumbnailOptions = AttachmentThumbnailOptions()
    ) throws(NotificationError) -> NotificationAttachment {
        let resolved: AttachmentType
        if let type { resolved = type } else { resolved = try AttachmentType.forExtension(url.pathExtension) }
        return NotificationAttachment(
            identifier: identifier, type: resolved, fileName: url.lastPathComponent, thumbnail: options, url: url)
    }

    /// `bytes` to attach under `fileName`, its type taken from `type` or else
    /// from the name's extension.
    ///
    /// - Throws: ``NotificationError/Code/attachmentUnrecognizedType`` when no type is
    ///   given and the extension names none Herald supports.
    public static func data(
        identifier: String, bytes: Data, fileName: String, type: AttachmentType? = nil,
        options: AttachmentThumbnailOptions = AttachmentThumbnailOptions()
    ) throws(NotificationError) -> NotificationAttachment {
        let resolved: AttachmentType
        if let type {
            resolved = type
        } else {
            resolved = try AttachmentType.forExtension((fileName as NSString).pathExtension)
        }
        return NotificationAttachment(
            identifier: identifier, type: resolved, fileName: fileName, thumbnail: options, bytes: bytes)
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, type, fileName, size, digest, thumbnail
    }

    /// Decodes an attachment; `size`, `digest` and `thumbnail` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        type = try container.decode(AttachmentType.self, forKey: .type)
        fileName = try container.decodeIfPresent(String.self, forKey: .fileName) ?? ""
        size = try container.decodeIfPresent(Int.self, forKey: .size) ?? 0
        digest = try container.decodeIfPresent(String.self, forKey: .digest) ?? ""
        thumbnail = try container.decodeIfPresent(AttachmentThumbnailOptions.self, forKey: .thumbnail) ?? .init()
    }
}

/// How a notification's attachment thumbnail is shown: Apple's
/// `UNNotificationAttachmentOptionsThumbnail…Key` options, checked and kept.
public struct AttachmentThumbnailOptions: Codable, Sendable, Hashable {
    /// Whether the thumbnail is hidden; `nil` leaves the presenter's default (shown).
    public var isHidden: Bool?
    /// The part of an image to show, in unit coordinates (each value in 0...1).
    public var clippingRect: ClippingRect?
    /// Which frame of a video to show, in seconds from the start (≥ 0).
    public var time: Double?

    /// Options with these values; none by default.
    public init(isHidden: Bool? = nil, clippingRect: ClippingRect? = nil, time: Double? = nil) {
        self.isHidden = isHidden
        self.clippingRect = clippingRect
        self.time = time
    }

    /// A rectangle in unit coordinates: the origin and size are fractions of the
    /// image's width and height.
    public struct ClippingRect: Codable, Sendable, Hashable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        /// A rectangle with this origin and size, each in 0...1.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }
}
