public import Foundation
import HeraldAPI
public import Hummingbird
public import HummingbirdWebSocket
import NIOCore
import NotificationEngine

/// The request context of the daemon's router: who is calling, and JSON coding
/// in the API's shapes.
public struct HeraldRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    /// Who sent the request, set by the authentication middleware; `nil` before
    /// it runs and for public routes.
    var principal: Principal?
    /// The credential the request was made with; every stream it opens is tied to it.
    var credential: Credential?
    /// Whether the request sent a session cookie that is unknown or ended.
    var sentStaleSession = false
    /// The fingerprint of the current browser session the request's cookie names,
    /// with its key or without: enough for pages, not for calls.
    var browserSession: String?
    /// Whether the request sent a current session's cookie without its key.
    var sentSessionWithoutKey = false
    /// The connection the request arrived on.
    let channel: any Channel

    /// A context for a request arriving on `source`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        webSocket = WebSocketHandlerReference()
        channel = source.channel
    }

    /// Request bodies over 64 KiB are refused with 413, except on the routes that
    /// take attachments (``maxAttachmentUploadSize``).
    public var maxUploadSize: Int { 64 * 1024 }

    /// The largest body of `POST /v1/apps/{app}/requests`: 64 KiB and the base64
    /// of the largest attachment allowed (a 50 MiB video), about 66.7 MiB; the
    /// attachments of one add must fit in it together.
    public static let maxAttachmentUploadSize = 64 * 1024 + (AttachmentType.largestSize + 2) / 3 * 4

    /// Decodes bodies with the API's date format.
    public var requestDecoder: JSONDecoder { API.decoder() }

    /// Encodes bodies with the API's date format.
    public var responseEncoder: JSONEncoder { API.encoder() }
}

extension HeraldRequestContext {
    /// The path parameter `name`, percent-decoded: `walk%20dog` is `walk dog`.
    ///
    /// - Throws: 400 `badRequest` when it is missing or not valid percent-encoding.
    func pathParameter(_ name: String) throws -> String {
        guard let raw = parameters.get(name) else {
            throw ServerError.badRequest("the address has no \(name)")
        }
        // Most parameters have nothing encoded, and decoding (like `String.contains`
        // with Foundation imported) goes through Foundation's NSString.
        guard raw.utf8.contains(UInt8(ascii: "%")) else { return raw }
        guard let value = raw.removingPercentEncoding else {
            throw ServerError.badRequest("the address's \(name) is badly percent-encoded")
        }
        return value
    }
}
