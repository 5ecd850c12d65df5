import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NotificationEngine

/// An attachment's bytes as a download: `Content-Type` from its type,
/// `Content-Disposition: inline` with its file name made safe for a header, and
/// (from ``SecurityHeadersMiddleware``, as on every answer)
/// `X-Content-Type-Options: nosniff`, so a browser never runs it as another type.
struct AttachmentResponse: ResponseGenerator {
    var contents: AttachmentContents

    init(_ contents: AttachmentContents) {
        self.contents = contents
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let attachment = contents.attachment
        return Response(
            status: .ok,
            headers: [
                .contentType: attachment.type.mimeType,
                .contentDisposition: Self.disposition(fileName: attachment.fileName),
                .cacheControl: "private, no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: contents.data)))
    }

    /// `inline; filename="…"; filename*=UTF-8''…`: the plain name keeps only
    /// `A-Z a-z 0-9 . - _` (others become `_`), the extended one percent-encodes
    /// every other byte, so no quote, semicolon or line break reaches the header.
    static func disposition(fileName: String) -> String {
        let name = fileName.isEmpty ? "attachment" : fileName
        let plain = String(name.unicodeScalars.prefix(100).map { Self.isSafe($0) ? Character($0) : "_" })
        let encoded = name.utf8.prefix(400).map { byte in
            Self.isSafe(Unicode.Scalar(byte)) && byte < 0x80
                ? String(Unicode.Scalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
        return "inline; filename=\"\(plain)\"; filename*=UTF-8''\(encoded)"
    }

    private static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", ".", "-", "_": true
        default: false
        }
    }
}
