public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client of the Herald daemon's HTTP API (`/v1`): typed calls for every
/// route, and the live event stream.
///
/// ```swift
/// let client = try HeraldClient()               // finds the local daemon and its admin token
/// try await client.add(
///     API.Request(identifier: "tea", content: API.Content(title: "Tea", body: "It is ready"),
///                 trigger: .timeInterval(interval: 180, repeats: false)),
///     for: "com.example.kitchen")
/// for try await event in client.events(app: "com.example.kitchen") {
///     print(event.type.rawValue)
/// }
/// ```
///
/// A non-2xx answer throws a ``HeraldClientError`` with the code
/// ``HeraldClientError/Code/refused``, the status and the daemon's error body; a
/// daemon that cannot be reached throws ``HeraldClientError/Code/daemonUnreachable``.
public final class HeraldClient: Sendable {
    /// Where the daemon is and the token used.
    public let endpoint: Endpoint
    let session: URLSession

    /// How long a call waits for the daemon's answer, in seconds; an
    /// authorization request waits for the user instead (up to an hour).
    public let timeout: TimeInterval

    /// A client of the daemon at `endpoint`.
    public init(endpoint: Endpoint, timeout: TimeInterval = 30) {
        self.endpoint = endpoint
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    /// A client of the daemon found as ``Endpoint/resolve(url:token:dataDirectory:environment:)``
    /// describes: explicit values, then `HERALD_URL`/`HERALD_TOKEN`, then the data directory.
    public convenience init(
        url: String? = nil, token: String? = nil, dataDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        try self.init(
            endpoint: Endpoint.resolve(url: url, token: token, dataDirectory: dataDirectory, environment: environment))
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}
