public import Foundation

/// Real files of the attachment types, small enough to keep in source, and
/// files of a chosen size for the size limits.
public enum AttachmentSamples {
    /// A 4×4 red PNG image (73 bytes), made with zlib: decodes in any browser.
    public static let png = Data(
        base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGO4IycHRwzEcQDTIxGBFNCZswAAAABJRU5ErkJggg==")!

    /// A 1×1 GIF89a image (44 bytes).
    public static let gif = Data(base64Encoded: "R0lGODlhAQABAIAAAAAAAAD///8h+QQBAAAAACwAAAAAAQABAAACAkQBADs=")!

    /// A WAV file: 16-bit mono PCM at 8 kHz with `samples` samples of silence,
    /// `44 + 2 × samples` bytes.
    public static func wav(samples: Int) -> Data {
        var data = Data()
        func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = UInt32(samples * 2)
        append("RIFF"); append32(36 + bytes); append("WAVE")
        append("fmt "); append32(16); append16(1); append16(1); append32(8_000); append32(16_000); append16(2); append16(16)
        append("data"); append32(bytes)
        data.append(Data(count: Int(bytes)))
        return data
    }

    /// `header` followed by zero bytes up to `size` bytes: a file of a type's
    /// header and an exact size, for the size limits.
    public static func padded(_ header: Data, to size: Int) -> Data {
        var data = header.prefix(size)
        data.append(Data(count: max(0, size - data.count)))
        return data
    }

    /// Writes `data` to `name` in `directory`; returns its file URL.
    @discardableResult
    public static func write(_ data: Data, named name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }
}
