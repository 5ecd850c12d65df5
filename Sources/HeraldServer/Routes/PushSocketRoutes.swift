import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import PushService

/// `GET /push/socket`: Herald's push service for browsers, a WebSocket speaking the
/// protocol of Firefox's push client (``MozillaPushSocket``). Point a Firefox's
/// `dom.push.serverURL` at `ws://<daemon>/push/socket` and its sites' `subscribe()`
/// gets Herald push resources, which application servers reach with RFC 8030
/// (``PushResourceRoutes``); messages stay encrypted end to end.
///
/// Like the resources, the socket asks for no credential: a browser is known by the
/// identifier Herald gave it in `hello`, and reaches only its own subscriptions.
struct PushSocketRoutes {
    let socket: @Sendable (_ origin: String) -> MozillaPushSocket

    /// The WebSocket subprotocol Firefox asks for.
    static let subprotocol = "push-notification"

    func add(to router: Router<HeraldRequestContext>) {
        router.ws("push/socket") { request, _ in
            try WebSocketUpgrade.require(request)
            let offered = request.headers[values: .secWebSocketProtocol].flatMap { value in
                value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            return .upgrade(offered.contains(Self.subprotocol) ? [.secWebSocketProtocol: Self.subprotocol] : [:])
        } onUpgrade: { inbound, outbound, context in
            let origin = context.request.head.authority.map { "http://\($0.lowercased())" } ?? ""
            await socket(origin).run(inbound: inbound, outbound: outbound, channel: context.requestContext.channel)
        }
    }
}
