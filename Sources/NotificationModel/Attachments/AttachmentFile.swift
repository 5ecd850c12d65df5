package import Foundation

/// Checks and reads an attachment's file as Apple's `UNNotificationAttachment`
/// initializer checks it: a file URL, a regular readable file, a size the type
/// allows, and a header that is the type's.
package enum AttachmentFile {
    /// Checks the file at `url` for `attachment` without reading all of it.
    ///
    /// - Throws: ``NotificationError/Code/attachmentInvalidURL``,
    ///   ``NotificationError/Code/attachmentUnrecognizedType``,
    ///   ``NotificationError/Code/attachmentInvalidFileSize`` or
    ///   ``NotificationError/Code/attachmentCorrupt``.
    package static func check(_ url: URL, for attachment: NotificationAttachment) throws(NotificationError) {
        try Validator.validateSize(try size(of: url), of: attachment)
        let header: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            header = try handle.read(upToCount: 16) ?? Data()
        } catch {
            throw NotificationError(.attachmentInvalidURL, "the file \(url.path) cannot be read: \(error.localizedDescription)")
        }
        try Validator.validateHeader(header, of: attachment)
    }

    /// The bytes of the file at `url`, checked for `attachment` as ``check(_:for:)`` does.
    package static func read(_ url: URL, for attachment: NotificationAttachment) throws(NotificationError) -> Data {
        try Validator.validateSize(try size(of: url), of: attachment)
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw NotificationError(.attachmentInvalidURL, "the file \(url.path) cannot be read: \(error.localizedDescription)")
        }
        try Validator.validateBytes(data, of: attachment)
        return data
    }

    /// Checks that `url` is a file URL with a regular file at it, before its type is looked at.
    ///
    /// - Throws: ``NotificationError/Code/attachmentInvalidURL``.
    package static func checkURL(_ url: URL) throws(NotificationError) {
        _ = try size(of: url)
    }

    /// The size of the regular file at `url`.
    private static func size(of url: URL) throws(NotificationError) -> Int {
        guard url.isFileURL else {
            throw NotificationError(.attachmentInvalidURL, "\(url.absoluteString) is not a file URL")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let size = (attributes[.size] as? NSNumber)?.intValue
        else {
            throw NotificationError(.attachmentInvalidURL, "there is no file at \(url.path)")
        }
        return size
    }
}
