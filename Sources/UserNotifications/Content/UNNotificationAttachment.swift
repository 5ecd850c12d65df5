public import Foundation
import NotificationModel

/// The option naming an attachment's type as a UTI string (`"public.png"`), used
/// instead of the file's extension. The header of the file must still match it.
public let UNNotificationAttachmentOptionsTypeHintKey: String = "UNNotificationAttachmentOptionsTypeHintKey"
/// The option hiding an attachment's thumbnail: a `Bool`.
public let UNNotificationAttachmentOptionsThumbnailHiddenKey: String =
    "UNNotificationAttachmentOptionsThumbnailHiddenKey"
/// The option clipping an image attachment's thumbnail: a dictionary with the
/// numbers `X`, `Y`, `Width` and `Height` in unit coordinates (each in 0...1), as
/// `CGRect.dictionaryRepresentation` makes on Apple's platforms.
public let UNNotificationAttachmentOptionsThumbnailClippingRectKey: String =
    "UNNotificationAttachmentOptionsThumbnailClippingRectKey"
/// The option choosing a video attachment's thumbnail frame: a number of seconds, 0 or more.
public let UNNotificationAttachmentOptionsThumbnailTimeKey: String = "UNNotificationAttachmentOptionsThumbnailTimeKey"

/// An image, sound or video shown with a notification, shaped like Apple's
/// `UNNotificationAttachment`.
///
/// ```swift
/// let url = URL(fileURLWithPath: "/home/me/cat.png")
/// let attachment = try UNNotificationAttachment(identifier: "cat", url: url, options: nil)
/// content.attachments = [attachment]
/// ```
///
/// The initializer checks the file as Apple's does and throws a ``UNError``:
/// ``UNError/Code/attachmentInvalidURL`` for a URL that is not a file URL or has
/// no readable file, ``UNError/Code/attachmentUnrecognizedType`` for a type
/// Herald does not support (JPEG, GIF, PNG; AIFF, WAV, MP3, MPEG-4 audio; MPEG,
/// MPEG-2, MPEG-4, AVI), ``UNError/Code/attachmentInvalidFileSize`` for an empty
/// file or one over its type's limit (images 10 MiB, audio 5 MiB, video 50 MiB),
/// and ``UNError/Code/attachmentCorrupt`` when the file does not start as its
/// type's files do, or an option is invalid. The type comes from the
/// ``UNNotificationAttachmentOptionsTypeHintKey`` option, else from the file's
/// extension. The file is copied into the notification store when the request is
/// added, so it may be deleted afterwards.
///
/// Read back from the center (pending requests, delivered notifications, the
/// delegate's callbacks), `url` is a `file://` URL of a readable file holding
/// the bytes, as on iOS, where the system copies attachments into its store:
/// the engine's stored copy on SQLite; with an in-memory or PostgreSQL engine,
/// or over the daemon (which downloads the bytes as it reads them back), a copy
/// in a private cache directory (0700, files 0600, under `$XDG_RUNTIME_DIR` or
/// the temporary directory). Only when the bytes cannot be had (gone from the
/// store, or a download of a streamed delivery failed, which is logged) is it
/// `herald-attachment:<SHA-256>`, which names no file.
open class UNNotificationAttachment: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    // Sendable: immutable.
    let attachment: NotificationAttachment

    /// The app's name for the attachment, unique within its request.
    open var identifier: String { attachment.identifier }

    /// The file the attachment was made from, or, read back, a readable copy of its bytes.
    open var url: URL {
        attachment.url ?? URL(string: "herald-attachment:\(attachment.digest)")!
    }

    /// The attachment's type, a UTI such as `"public.png"`.
    open var type: String { attachment.type.rawValue }

    /// An attachment of the file at `URL`, checked as Apple checks it.
    ///
    /// - Parameters:
    ///   - identifier: The attachment's name; an empty one is replaced by a UUID string.
    ///   - URL: A file URL of an image, audio or video file.
    ///   - options: ``UNNotificationAttachmentOptionsTypeHintKey`` and the thumbnail options.
    /// - Throws: ``UNError`` with an attachment code, as described above.
    public convenience init(identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil) throws {
        do {
            try AttachmentFile.checkURL(URL)
            let options = try AttachmentOptions(options ?? [:])
            let name = identifier.isEmpty ? UUID().uuidString : identifier
            try Validator.validateThumbnail(options.thumbnail, of: name)
            let attachment = try NotificationAttachment.file(
                identifier: name, url: URL, type: options.typeHint, options: options.thumbnail)
            guard attachment.type.isSupported else {
                throw NotificationError(
                    .attachmentUnrecognizedType, "the type \(attachment.type) is not one Herald supports")
            }
            try AttachmentFile.check(URL, for: attachment)
            self.init(attachment: attachment)
        } catch let error as NotificationError {
            throw UNError(error)
        }
    }

    /// The facade's form of an engine attachment.
    init(attachment: NotificationAttachment) {
        self.attachment = attachment
        super.init()
    }

    // MARK: Copying, equality, archiving

    /// The attachment itself: it does not change.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Equal when the identifier, type, URL and options are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationAttachment else { return false }
        return attachment == other.attachment
    }

    open override var hash: Int { attachment.hashValue }

    open override var description: String {
        "<UNNotificationAttachment identifier: \(identifier), url: \(url.absoluteString), type: \(type)>"
    }

    /// Archives are read back with `decodeObject(of:forKey:)` and secure coding.
    public static var supportsSecureCoding: Bool { true }

    private static let archiveKey = "HeraldAttachment"
    private static let urlKey = "url"

    /// Writes the attachment to an archive.
    open func encode(with coder: NSCoder) {
        guard let data = try? JSONEncoder().encode(attachment) else { return }
        coder.encode(data as NSData, forKey: Self.archiveKey)
        if let url = attachment.url { coder.encode(url as NSURL, forKey: Self.urlKey) }
    }

    /// Reads an attachment written by ``encode(with:)``; `nil` for anything else.
    public required init?(coder: NSCoder) {
        guard let data = coder.decodeObject(of: NSData.self, forKey: Self.archiveKey),
            var attachment = try? JSONDecoder().decode(NotificationAttachment.self, from: data as Data)
        else { return nil }
        attachment.url = coder.decodeObject(of: NSURL.self, forKey: Self.urlKey) as URL?
        self.attachment = attachment
        super.init()
    }
}

/// The options of `UNNotificationAttachment(identifier:url:options:)`, checked.
struct AttachmentOptions {
    var typeHint: AttachmentType?
    var thumbnail = AttachmentThumbnailOptions()

    init(_ options: [AnyHashable: Any]) throws(NotificationError) {
        if let hint = options[UNNotificationAttachmentOptionsTypeHintKey] {
            guard let text = hint as? String else { throw Self.invalid("the type hint is not a string") }
            typeHint = AttachmentType(rawValue: text)
        }
        if let hidden = options[UNNotificationAttachmentOptionsThumbnailHiddenKey] {
            guard let value = Self.bool(hidden) else { throw Self.invalid("the thumbnail-hidden option is not a Bool") }
            thumbnail.isHidden = value
        }
        if let rect = options[UNNotificationAttachmentOptionsThumbnailClippingRectKey] {
            thumbnail.clippingRect = try Self.rect(rect)
        }
        if let time = options[UNNotificationAttachmentOptionsThumbnailTimeKey] {
            guard let seconds = Self.number(time) else { throw Self.invalid("the thumbnail time is not a number") }
            thumbnail.time = seconds
        }
    }

    private static func rect(_ value: Any) throws(NotificationError) -> AttachmentThumbnailOptions.ClippingRect {
        let dictionary: [AnyHashable: Any]? =
            (value as? [AnyHashable: Any]) ?? (value as? NSDictionary).map { $0 as? [AnyHashable: Any] ?? [:] }
        guard let dictionary,
            let x = dictionary["X"].flatMap(number), let y = dictionary["Y"].flatMap(number),
            let width = dictionary["Width"].flatMap(number), let height = dictionary["Height"].flatMap(number)
        else {
            throw invalid("the thumbnail clipping rectangle is not a dictionary of the numbers X, Y, Width and Height")
        }
        return AttachmentThumbnailOptions.ClippingRect(x: x, y: y, width: width, height: height)
    }

    private static func number(_ value: Any) -> Double? {
        switch value {
        case let value as Double: value
        case let value as Int: Double(value)
        case let value as Float: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
    }

    private static func bool(_ value: Any) -> Bool? {
        switch value {
        case let value as Bool: value
        case let value as NSNumber: value.boolValue
        default: nil
        }
    }

    private static func invalid(_ message: String) -> NotificationError {
        NotificationError(.attachmentCorrupt, "invalid attachment option: \(message)")
    }
}
