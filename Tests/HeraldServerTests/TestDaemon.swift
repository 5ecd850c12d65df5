import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import Hummingbird
import HummingbirdTesting
import NIOCore
import NotificationEngine
import Synchronization

/// A daemon on a temporary data directory with a virtual clock, and helpers to
/// call its API as a client would.
struct TestDaemon {
    let directory: URL
    let daemon: HeraldDaemon

    init(
        policy: NotificationEngine.AuthorizationPolicy = .grantAll, virtualClock: Bool = true,
        directory: URL? = nil, webhookRetryDelays: [Duration] = [.milliseconds(10), .milliseconds(10)],
        clockStart: Date? = nil, bundledApps: Bool = false, pendingLimit: Int = 64,
        connectionTimeouts: ConnectionTimeouts = TestDaemon.timeouts, databaseURL: String? = nil,
        deliveredLimit: Int = 100, attachmentQuota: Int = 256 << 20,
        connectionLimits: ConnectionLimits = ConnectionLimits(), uploadLimits: UploadLimits = UploadLimits(),
        signInPageDirectory: URL? = nil, desktop: DesktopMode = .off, desktopLibrary: String? = nil,
        registrar: (any RemoteNotificationRegistrar)? = nil
    ) throws {
        let directory = directory ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-server-tests-\(UUID().uuidString)")
        self.directory = directory
        var configuration = DaemonConfiguration(
            port: 0, dataDirectory: directory, virtualClock: virtualClock, authorizationPolicy: policy,
            bundledApps: bundledApps)
        configuration.webhookRetryDelays = webhookRetryDelays
        configuration.virtualClockStart = clockStart
        configuration.pendingLimitPerApp = pendingLimit
        configuration.deliveredLimitPerApp = deliveredLimit
        configuration.attachmentBytesPerApp = attachmentQuota
        configuration.connectionTimeouts = connectionTimeouts
        configuration.connectionLimits = connectionLimits
        configuration.uploadLimits = uploadLimits
        // A developer's own desktop is no place for test notifications: tests that
        // ask for one name a GIO library that is missing.
        configuration.desktop = desktop
        configuration.desktopLibrary = desktopLibrary
        configuration.databaseURL = databaseURL
        configuration.remoteNotificationRegistrar = registrar
        // Not the developer's own $XDG_RUNTIME_DIR.
        configuration.signInPageDirectory = signInPageDirectory ?? directory.appendingPathComponent("sign-in")
        daemon = try HeraldDaemon(configuration: configuration)
    }

    var admin: String { daemon.adminToken }

    /// The daemon's timeouts, but 60 s for a first byte: Hummingbird's live test client
    /// connects when the server starts and sends its first request when the test makes
    /// it, which on a loaded machine has come more than the 5 s of the default later.
    static var timeouts: ConnectionTimeouts {
        var timeouts = ConnectionTimeouts()
        timeouts.firstByte = .seconds(60)
        return timeouts
    }

    /// Runs `body` against the router, without a socket.
    func withRouter(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: try daemon.makeRouter()).test(.router, body)
    }

    /// Runs `body` against the whole application listening on a loopback port.
    func withLiveServer(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await daemon.makeApplication().test(.live, body)
    }

    /// Runs `body` against the whole application listening on a loopback port,
    /// and returns what it returns once the server has stopped.
    func withLiveServerReturning<T: Sendable>(
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> T
    ) async throws -> T {
        let result = Mutex<T?>(nil)
        try await withLiveServer { client in
            let value = try await body(client)
            result.withLock { $0 = value }
        }
        guard let value = result.withLock({ $0 }) else { throw CancellationError() }
        return value
    }
}

/// An answer: its status and its decoded body.
struct Answer: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: Data

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try API.decoder().decode(T.self, from: body)
    }

    /// The error code of an error answer.
    var errorCode: String? {
        (try? decode(API.ErrorBody.self))?.error.code.rawValue
    }

    /// The message of an error answer.
    var errorMessage: String? {
        (try? decode(API.ErrorBody.self))?.error.message
    }
}

extension TestClientProtocol {
    /// Calls the API with a bearer token and an optional JSON body.
    func call(
        _ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: (some Encodable)? = Optional<Int>.none,
        raw: String? = nil, headers extra: HTTPFields = [:]
    ) async throws -> Answer {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        var body: ByteBuffer?
        if let json { body = ByteBuffer(bytes: try API.encoder().encode(json)) }
        if let raw { body = ByteBuffer(string: raw) }
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await execute(uri: path, method: method, headers: headers, body: body) { response in
            Answer(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
        }
    }

    /// Registers an app and returns its token; under the grant-all policy the
    /// app is then authorized, as an app asks before it schedules.
    func register(
        _ app: String, name: String? = nil, webhook: String? = nil, authorize: Bool = true, admin: String
    ) async throws -> String {
        let answer = try await call(
            .post, "/v1/apps", token: admin,
            json: API.AppRegistration(identifier: app, name: name ?? app, webhookURL: webhook))
        let token = try answer.decode(API.AppCredentials.self).token
        if authorize {
            _ = try await call(
                .post, "/v1/apps/\(app)/authorization", token: token,
                json: API.AuthorizationRequest(options: ["alert", "sound", "badge"]))
        }
        return token
    }
}

extension API.Request {
    /// A request with a title, firing after `seconds` (or at once for `nil`).
    static func simple(
        _ identifier: String, title: String = "Title", in seconds: Double? = 60, repeats: Bool = false,
        category: String = ""
    ) -> API.Request {
        API.Request(
            identifier: identifier, content: API.Content(title: title, body: "Body", categoryIdentifier: category),
            trigger: seconds.map { .timeInterval(interval: $0, repeats: repeats) })
    }
}
