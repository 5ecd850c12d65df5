import Foundation
import HTTPTypes
import Hummingbird

/// Where a page of the daemon sends its session's key: the header `X-Herald-Key`
/// on every call, or, on a WebSocket, where a browser cannot set headers, a
/// `Sec-WebSocket-Protocol` value `herald-key.<key>` offered beside `herald`,
/// the protocol the daemon answers with (a browser refuses an upgrade whose answer
/// names none of the protocols it offered, and the key must not be echoed).
///
/// A page of another origin cannot read the key: it lives in the daemon's pages'
/// `sessionStorage`, which is kept per origin — port included, unlike cookies.
enum SessionKeyTransport {
    /// The header that carries the key on a call.
    static let header = HTTPField.Name("X-Herald-Key")!
    /// The prefix of the WebSocket protocol value that carries the key.
    static let protocolPrefix = "herald-key."
    /// The WebSocket protocol the daemon's pages offer and the daemon chooses.
    static let streamProtocol = "herald"

    /// The key `request` carries, if any.
    static func key(of request: Request) -> String? {
        if let key = request.headers[header] { return key }
        let offered = offeredProtocols(request).first { $0.hasPrefix(protocolPrefix) }
        return offered.map { String($0.dropFirst(protocolPrefix.count)) }
    }

    /// The fields of a WebSocket upgrade's answer: `Sec-WebSocket-Protocol: herald`
    /// when the client offered it.
    static func upgradeFields(for request: Request) -> HTTPFields {
        offeredProtocols(request).contains(streamProtocol) ? [.secWebSocketProtocol: streamProtocol] : [:]
    }

    /// The protocols a WebSocket upgrade offers, in order.
    private static func offeredProtocols(_ request: Request) -> [String] {
        request.headers[values: .secWebSocketProtocol].flatMap { value in
            value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }
}
