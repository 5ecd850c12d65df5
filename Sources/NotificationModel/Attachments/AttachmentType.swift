public import Foundation

/// The type of an attachment, as a uniform type identifier (UTI): the types
/// Apple's notifications accept, each with its size limit and the header its
/// bytes must start with.
///
/// | kind | types | largest |
/// |---|---|---|
/// | image | JPEG, GIF, PNG | 10 MiB |
/// | audio | AIFF, WAV, MP3, MPEG-4 audio | 5 MiB |
/// | video | MPEG, MPEG-2, MPEG-4, AVI | 50 MiB |
public struct AttachmentType: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
    /// The UTI, such as `"public.png"`.
    public let rawValue: String

    /// The type with this UTI, supported or not; ``isSupported`` tells which.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// What an attachment is shown or played as.
    public enum Kind: String, Codable, Sendable, Hashable {
        case image, audio, video
    }

    public static let jpeg = AttachmentType(rawValue: "public.jpeg")
    public static let gif = AttachmentType(rawValue: "com.compuserve.gif")
    public static let png = AttachmentType(rawValue: "public.png")
    public static let aiff = AttachmentType(rawValue: "public.aiff-audio")
    public static let wav = AttachmentType(rawValue: "com.microsoft.waveform-audio")
    public static let mp3 = AttachmentType(rawValue: "public.mp3")
    public static let mpeg4Audio = AttachmentType(rawValue: "public.mpeg-4-audio")
    public static let mpeg = AttachmentType(rawValue: "public.mpeg")
    public static let mpeg2Video = AttachmentType(rawValue: "public.mpeg-2-video")
    public static let mpeg4 = AttachmentType(rawValue: "public.mpeg-4")
    public static let avi = AttachmentType(rawValue: "public.avi")

    /// Every type Herald accepts.
    public static let supported: [AttachmentType] = [
        .jpeg, .gif, .png, .aiff, .wav, .mp3, .mpeg4Audio, .mpeg, .mpeg2Video, .mpeg4, .avi,
    ]

    /// Whether attachments of this type are accepted.
    public var isSupported: Bool { info != nil }

    /// Image, audio or video; `nil` for an unsupported type.
    public var kind: Kind? { info?.kind }

    /// The most bytes an attachment of this type may have: 10 MiB for images,
    /// 5 MiB for audio, 50 MiB for video; `nil` for an unsupported type.
    public var maximumSize: Int? { info.map { Self.maximumSize(of: $0.kind) } }

    /// The MIME type to serve the bytes with, such as `image/png`.
    public var mimeType: String { info?.mime ?? "application/octet-stream" }

    public var description: String { rawValue }

    /// The largest attachment of a kind.
    public static func maximumSize(of kind: Kind) -> Int {
        switch kind {
        case .image: 10 * 1_048_576
        case .audio: 5 * 1_048_576
        case .video: 50 * 1_048_576
        }
    }

    /// The largest attachment of any type (a video's 50 MiB).
    public static var largestSize: Int { maximumSize(of: .video) }

    /// The type a file extension names, such as `.png` for `"PNG"`.
    ///
    /// - Throws: ``NotificationError/Code/attachmentUnrecognizedType`` when the
    ///   extension names no supported type.
    public static func forExtension(_ pathExtension: String) throws(NotificationError) -> AttachmentType {
        let lowered = pathExtension.lowercased()
        guard let found = table.first(where: { $0.extensions.contains(lowered) }) else {
            throw NotificationError(
                .attachmentUnrecognizedType,
                pathExtension.isEmpty
                    ? "the file has no extension and no type hint was given"
                    : "the extension \"\(pathExtension)\" is not that of a supported type (JPEG, GIF, PNG, AIFF, WAV, MP3, MPEG-4 audio, MPEG, MPEG-2, MPEG-4, AVI)")
        }
        return found.type
    }

    /// Whether `header`, the first bytes of a file, is what a file of this type starts with.
    public func matches(header: Data) -> Bool {
        info?.sniff(Array(header.prefix(16))) ?? false
    }

    private var info: Info? { Self.table.first { $0.type == self } }

    private struct Info: Sendable {
        var type: AttachmentType
        var kind: Kind
        var mime: String
        var extensions: [String]
        var sniff: @Sendable ([UInt8]) -> Bool
    }

    private static let table: [Info] = [
        Info(type: .jpeg, kind: .image, mime: "image/jpeg", extensions: ["jpg", "jpeg", "jpe"]) {
            $0.starts(with: [0xFF, 0xD8, 0xFF])
        },
        Info(type: .gif, kind: .image, mime: "image/gif", extensions: ["gif"]) {
            $0.starts(with: Array("GIF87a".utf8)) || $0.starts(with: Array("GIF89a".utf8))
        },
        Info(type: .png, kind: .image, mime: "image/png", extensions: ["png"]) {
            $0.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        },
        Info(type: .aiff, kind: .audio, mime: "audio/aiff", extensions: ["aif", "aiff", "aifc"]) {
            $0.starts(with: Array("FORM".utf8)) && (at($0, 8, "AIFF") || at($0, 8, "AIFC"))
        },
        Info(type: .wav, kind: .audio, mime: "audio/wav", extensions: ["wav", "wave"]) {
            $0.starts(with: Array("RIFF".utf8)) && at($0, 8, "WAVE")
        },
        Info(type: .mp3, kind: .audio, mime: "audio/mpeg", extensions: ["mp3"]) {
            $0.starts(with: Array("ID3".utf8)) || ($0.count >= 2 && $0[0] == 0xFF && $0[1] & 0xE0 == 0xE0)
        },
        Info(type: .mpeg4Audio, kind: .audio, mime: "audio/mp4", extensions: ["m4a", "m4b"]) { at($0, 4, "ftyp") },
        Info(type: .mpeg, kind: .video, mime: "video/mpeg", extensions: ["mpg", "mpeg", "mpe"]) { mpegStream($0) },
        Info(type: .mpeg2Video, kind: .video, mime: "video/mpeg", extensions: ["m2v"]) { mpegStream($0) },
        Info(type: .mpeg4, kind: .video, mime: "video/mp4", extensions: ["mp4", "m4v"]) { at($0, 4, "ftyp") },
        Info(type: .avi, kind: .video, mime: "video/x-msvideo", extensions: ["avi"]) {
            $0.starts(with: Array("RIFF".utf8)) && at($0, 8, "AVI ")
        },
    ]

    /// Whether `bytes` holds `text` at `offset`.
    private static func at(_ bytes: [UInt8], _ offset: Int, _ text: String) -> Bool {
        let expected = Array(text.utf8)
        return bytes.count >= offset + expected.count && Array(bytes[offset..<offset + expected.count]) == expected
    }

    /// An MPEG program stream pack header or video sequence header.
    private static func mpegStream(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x00, 0x00, 0x01, 0xBA]) || bytes.starts(with: [0x00, 0x00, 0x01, 0xB3])
    }
}
