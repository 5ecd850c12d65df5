public import Foundation

/// The calls a distributor makes to the apps' connectors
/// (`org.unifiedpush.Connector2` on each app's D-Bus name), the bus starting an app
/// that is not running. Each throws when the app cannot be reached or started, or
/// does not answer in time.
public protocol UnifiedPushConnectors: Sendable {
    /// Tells `service` the endpoint of its registration `token`.
    func newEndpoint(service: String, token: String, endpoint: String) async throws

    /// Gives `service` a message for `token`: the body as its application server
    /// POSTed it, still encrypted (RFC 8291); returns once the app took it.
    func message(service: String, token: String, body: Data, id: String) async throws

    /// Tells `service` its registration `token` is gone.
    func unregistered(service: String, token: String) async throws
}
