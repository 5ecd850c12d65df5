import HeraldAPI
import HTTPTypes
import Hummingbird
import Synchronization

extension HTTPField.Name {
    /// `Host`, which HTTP/1 carries as a field and HTTPTypes as the request's
    /// authority: a second one stays among the fields.
    static let host = HTTPField.Name("Host")!
}

/// The names this daemon answers to: its loopback names and the bound host, with
/// the port it listens on (known once the server is running, for `--port 0`).
final class AllowedHosts: Sendable {
    private let host: String
    private let port: Mutex<Int>

    init(host: String, port: Int) {
        self.host = host
        self.port = Mutex(port)
    }

    /// Records the port the server actually bound.
    func update(port: Int) {
        self.port.withLock { $0 = port }
    }

    /// Whether a `Host` header value names this daemon: one of its names, with
    /// its port or without one. The name is what DNS rebinding cannot fake: a page
    /// on another site that points its name at 127.0.0.1 still sends that name.
    func allows(_ header: String) -> Bool {
        let port = self.port.withLock { $0 }
        let value = header.lowercased()
        return names.contains { value == $0 || value == "\($0):\(port)" }
    }

    /// Whether an `Origin` header is exactly the daemon's own: scheme `http`, one of
    /// its names, and the port it listens on — written out, or left out only when that
    /// port is 80. A page served from another port of the same machine is another origin.
    func allowsOrigin(_ origin: String) -> Bool {
        let port = self.port.withLock { $0 }
        let value = origin.lowercased()
        guard value.hasPrefix("http://") else { return false }
        let authority = value.dropFirst("http://".count)
        return names.contains { name in
            authority == "\(name):\(port)" || (port == 80 && authority == name)
        }
    }

    /// The daemon's address for a browser on this machine: `http://`, the bound
    /// host (a loopback name for an unspecified address, `0.0.0.0` or `::`) and the port.
    var localURL: String {
        let name = switch host {
        case "0.0.0.0", "": "127.0.0.1"
        case "::", "[::]": "[::1]"
        default: host.contains(":") ? "[\(host)]" : host
        }
        return "http://\(name):\(currentPort)"
    }

    /// The port the daemon listens on.
    var currentPort: Int {
        port.withLock { $0 }
    }

    private var names: [String] {
        ["127.0.0.1", "localhost", "[::1]", host.contains(":") ? "[\(host.lowercased())]" : host.lowercased()]
    }
}

/// Refuses requests whose `Host` header is not the daemon's: a web page on another
/// site that rebinds its DNS name to 127.0.0.1 cannot drive the local API. A request
/// with two `Host` headers is refused with 400 (RFC 9112 §3.2): the first becomes the
/// request's authority and the others would stay among its fields, so a proxy or
/// a check that read another one would disagree with the daemon about the host.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: AllowedHosts

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.headers[values: .host].isEmpty else {
            throw ServerError.badRequest("a request has one Host header, not several")
        }
        guard let host = request.head.authority, hosts.allows(host) else {
            throw ServerError(
                status: .forbidden, code: .forbiddenHost,
                message: "this daemon answers only to its own address (127.0.0.1 or localhost with its port)")
        }
        return try await next(request, context)
    }
}
