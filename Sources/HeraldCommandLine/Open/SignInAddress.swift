package import Foundation
import HeraldAPI
package import HeraldClient

/// What signs a browser in to the web notification center: a sign-in page file
/// the daemon writes (``page(timeout:)``), or the address
/// `<daemon URL>/login?code=<one-time code>` (``url(timeout:)``, for `--print`).
///
/// Either holds a one-time code from the daemon (made for the admin token), good
/// once, for 60 seconds, so the long-lived admin token never leaves the command
/// line's own request. The file is what `herald open` hands `xdg-open`: an
/// address with a code on a command line would be readable by every local user
/// in `/proc/<pid>/cmdline`, who could sign in first; the file (0600, in a 0700
/// directory) is readable by this user only, and the daemon deletes it once used
/// or expired. `DELETE /v1/sessions` ends every browser session it started.
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

    /// Asks the daemon for a one-time code and returns the address that signs in with it.
    ///
    /// - Throws: ``HeraldClientError``: ``HeraldClientError/Code/daemonUnreachable`` when
    ///   nothing answers, ``HeraldClientError/Code/unsupported`` for a daemon too old to
    ///   make codes, ``HeraldClientError/Code/refused`` when it refuses.
    package func url(timeout: TimeInterval = 5) async throws -> URL {
        do {
            let code = try await HeraldClient(endpoint: endpoint, timeout: timeout).signInCode()
            return Self.url(base: endpoint.url, code: code.code)
        } catch let error as HeraldClientError where error.code == .refused && [404, 405].contains(error.status) {
            throw HeraldClientError(
                .unsupported,
                "the daemon at \(endpoint.url.absoluteString) makes no sign-in codes (it is older than this herald): "
                    + "restart it, or open the address `herald serve` printed")
        }
    }

    /// Asks the daemon to write a sign-in page and returns its `file://` address:
    /// the daemon runs on this machine, as its `daemon.json` in the data directory says.
    ///
    /// - Throws: ``HeraldClientError`` as ``url(timeout:)`` does.
    package func page(timeout: TimeInterval = 5) async throws -> URL {
        do {
            let page = try await HeraldClient(endpoint: endpoint, timeout: timeout).signInPage()
            return URL(fileURLWithPath: page.path)
        } catch let error as HeraldClientError where error.code == .refused && [404, 405].contains(error.status) {
            throw HeraldClientError(
                .unsupported,
                "the daemon at \(endpoint.url.absoluteString) writes no sign-in pages (it is older than this herald): "
                    + "restart it, or run `herald open --print` and open that address")
        }
    }

    /// `base/login?code=code`, the code percent-encoded.
    package static func url(base: URL, code: String) -> URL {
        let text = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        let encoded = code.addingPercentEncoding(withAllowedCharacters: unreserved) ?? code
        return URL(string: "\(text)/login?code=\(encoded)") ?? base
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
