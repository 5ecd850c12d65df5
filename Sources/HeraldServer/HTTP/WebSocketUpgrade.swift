import HeraldAPI
import Foundation
import HTTPTypes
import Hummingbird

/// The check that a WebSocket route's request really asks for the upgrade.
///
/// Hummingbird routes a WebSocket path's `GET` through the router whether or not
/// it carries `Upgrade: websocket`; without the upgrade the route would answer an
/// empty 200. The daemon answers such a request 426 `upgradeRequired` instead.
enum WebSocketUpgrade {
    /// Whether `request` asks to switch to the WebSocket protocol.
    static func isRequested(by request: Request) -> Bool {
        guard let upgrade = request.headers[.upgrade] else { return false }
        return upgrade.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "websocket" }
    }

    /// Throws 426 `upgradeRequired` unless `request` asks for the WebSocket protocol.
    static func require(_ request: Request) throws {
        guard isRequested(by: request) else {
            throw ServerError(
                status: .upgradeRequired, code: .upgradeRequired,
                message: "\(request.uri.path) is a WebSocket: send Connection: Upgrade and Upgrade: websocket",
                headers: [.upgrade: "websocket"])
        }
    }
}
