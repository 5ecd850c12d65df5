import Foundation
import HTTPTypes
import HeraldAPI
import Hummingbird
import HummingbirdWebSocket
import PushService

/// `GET /push-socket`: Herald's push service for browsers, a WebSocket speaking the
/// protocol of Firefox's push client (``MozillaPushSocket``). Point a Firefox's
/// `dom.push.serverURL` at `ws://<daemon>/push-socket` and its sites' `subscribe()`
/// gets Herald push resources, which application servers reach with RFC 8030
/// (``PushResourceRoutes``); messages stay encrypted end to end.
///
/// Like the resources, the socket asks for no credential: a browser is known by the
/// identifier Herald gave it in `hello`, and reaches only its own subscriptions. It is
/// for a browser's push client, never a web page: a page's WebSocket carries its site's
/// `Origin` (`http…`) and `Sec-Fetch-Site`, which are refused, so a hostile page in the
/// person's browser cannot make subscriptions here. Firefox's push client sends its
/// server's own URL as `Origin` (`ws://…`) and `Sec-Fetch-Site: none`.
struct PushSocketRoutes {
    let socket: @Sendable (_ origin: String) -> MozillaPushSocket

    /// The WebSocket subprotocol Firefox asks for.
    static let subprotocol = "push-notification"

    func add(to router: Router<HeraldRequestContext>) {
        router.ws("push-socket") { request, _ in
            try WebSocketUpgrade.require(request)
            try Self.refuseWebPages(request)
            let offered = request.headers[values: .secWebSocketProtocol].flatMap { value in
                value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            return .upgrade(offered.contains(Self.subprotocol) ? [.secWebSocketProtocol: Self.subprotocol] : [:])
        } onUpgrade: { inbound, outbound, context in
            await socket(PushResourceRoutes.origin(of: context.request)).run(inbound: inbound, outbound: outbound, channel: context.requestContext.channel)
        }
    }

    /// Throws 403 `csrf` for a WebSocket a web page opened.
    static func refuseWebPages(_ request: Request) throws {
        let origin = request.headers[.origin]?.lowercased() ?? ""
        let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased() ?? "none"
        guard !origin.hasPrefix("http://"), !origin.hasPrefix("https://"), origin != "null", site == "none" else {
            throw ServerError(
                status: .forbidden, code: .csrf,
                message: "the push socket is for a browser's push client (dom.push.serverURL), not a web page")
        }
    }
}
