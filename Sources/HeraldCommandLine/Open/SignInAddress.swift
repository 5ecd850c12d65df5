package import Foundation
package import HeraldClient

/// The address that signs a browser in to the web notification center:
/// `<daemon URL>/login?token=<admin token>`, as `herald serve` prints it.
///
/// The daemon has no one-time sign-in code, so the address carries the admin token
/// itself; `/login` trades it for a session cookie and redirects to `/`, but the
/// address stays in the browser's history. `DELETE /v1/sessions` ends every browser
/// session; a new `admin-token` (delete the file, restart the daemon) retires the token.
package struct SignInAddress: Sendable, Hashable {
    /// The daemon and its admin token.
    package let endpoint: HeraldClient.Endpoint

    /// The daemon whose `daemon.json` and `admin-token` are in the data directory:
    /// `explicit` (`--data-dir`), else the one `environment` names. `HERALD_URL` and
    /// `HERALD_TOKEN` play no part: only the admin token signs a browser in.
    ///
    /// - Throws: ``HeraldClientError`` ``HeraldClientError/Code/daemonUnreachable``
    ///   when there is no `daemon.json` (no daemon running),
    ///   ``HeraldClientError/Code/credentialsUnavailable`` when there is no admin token.
    package init(dataDirectory explicit: String?, environment: [String: String]) throws {
        let directory = HeraldClient.Endpoint.dataDirectory(explicit, environment: environment)
        endpoint = try HeraldClient.Endpoint.resolve(dataDirectory: directory.path, environment: environment)
    }

    /// The sign-in address.
    package var url: URL { Self.url(base: endpoint.url, token: endpoint.token) }

    /// `base/login?token=token`, the token percent-encoded.
    package static func url(base: URL, token: String) -> URL {
        let text = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        let encoded = token.addingPercentEncoding(withAllowedCharacters: unreserved) ?? token
        return URL(string: "\(text)/login?token=\(encoded)") ?? base
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
