import DesktopNotifications
import Foundation
import HeraldAPI
import HeraldApps
public import Hummingbird
import HummingbirdWebSocket
import Logging
public import NotificationEngine
import NIOCore
import PushService
import ServiceLifecycle
import Signals

/// The Herald daemon: the engine on an SQLite store (or a PostgreSQL database that
/// several daemons share), the HTTP API, the live event stream, the web
/// notification center and its presenters, as one swift-service-lifecycle service
/// that stops gracefully on SIGTERM or SIGINT.
///
/// ```swift
/// let daemon = try HeraldDaemon(configuration: DaemonConfiguration(port: 7878))
/// try await daemon.run()   // until SIGTERM/SIGINT
/// ```
public final class HeraldDaemon: Sendable {
    /// The daemon's version, reported by `/v1/health`.
    public static let version = "0.4.0"

    public let configuration: DaemonConfiguration
    /// The engine behind the API, for tests and embedders.
    public let engine: NotificationEngine
    /// The admin credential, in `admin-token` in the data directory (on a shared
    /// database, every node's is accepted by each).
    public let adminToken: String
    /// The PostgreSQL database the engine keeps its notifications in, without its
    /// password; `nil` for the SQLite file in the data directory.
    public var databaseDescription: String? {
        configuration.databaseURL.map { NotificationStoreKind.postgres(url: $0).description }
    }
    let dataDirectory: DataDirectory
    /// Where the daemon's records are: the data directory's, or the database's.
    let storage: DaemonStorage
    let services: DaemonServices
    let hosts: AllowedHosts
    let webhooks: WebhookPresenter
    let webPush: WebPushPresenter
    let bundledApps: [any HeraldApp]
    let bundledAppRoutes: BundledAppRoutes
    let refusals = UpgradeRefusals()
    /// Every open connection, held to the configuration's limits fitted to the
    /// descriptors the process may open.
    let connections: ConnectionTable
    /// The provider API listener's connections, devices' links among them, held to limits
    /// of their own; `nil` without `--push-port`.
    let pushConnections: ConnectionTable?
    /// The desktop presenter, when `--desktop` attached one.
    let desktop: DesktopPresenter?
    /// The machine's positions for location triggers, by `--location`'s rule.
    let location: LocationFeed
    /// The UnifiedPush distributor on the session bus, by `--desktop`'s rule.
    let unifiedPush: UnifiedPushService?
    /// Apple's provider API on the push service's keys and devices.
    let provider: ProviderEndpoint
    /// The door for devices on other machines, beside the provider API.
    let deviceEndpoint: DeviceEndpoint
    /// The pushes waiting for devices on other machines.
    let deviceQueues: any DeviceQueueStore
    /// The push resources of RFC 8030 (browsers' and UnifiedPush apps'
    /// subscriptions), and the messages waiting on them.
    let pushResources: any PushResourceStore
    /// The receivers of push resources this node reaches.
    let pushReceivers = PushReceivers()
    /// The links of devices on other machines held by this node.
    let deviceLinks = DeviceLinks()
    /// The push service on another machine this daemon is a device of, if any.
    let upstream = UpstreamSlot()
    /// How the provider API's listener serves HTTP/2; `nil` without `--push-port`.
    let pushTransport: PushListener.Transport?
    /// What `daemon.json` says: where the HTTP API and the provider API listen.
    let announcement: DaemonAnnouncement
    private let logger = Logger(label: "herald.daemon")

    /// Opens the data directory and the engine; nothing listens until ``run()``.
    ///
    /// - Throws: ``DaemonError`` for a configuration that cannot work or files that
    ///   cannot be opened, ``NotificationError`` when the store cannot be opened.
    public init(configuration: DaemonConfiguration) throws {
        guard !configuration.virtualClock || configuration.bindsLoopback else {
            throw DaemonError("--virtual-clock is for tests and works only on a loopback address, not \(configuration.host)")
        }
        guard (0...65_535).contains(configuration.port) else {
            throw DaemonError("the port must be from 0 to 65535, not \(configuration.port)")
        }
        guard configuration.pendingLimitPerApp >= 1 else {
            throw DaemonError("the pending limit must be at least 1, not \(configuration.pendingLimitPerApp)")
        }
        try Self.checkLimits(of: configuration)
        self.configuration = configuration
        let limits = Self.connectionLimits(
            configuration.connectionLimits, push: configuration.push?.connectionLimits, logger: Logger(label: "herald.daemon"))
        connections = ConnectionTable(limits: limits.http)
        pushConnections = limits.push.map { ConnectionTable(limits: $0, logger: Logger(label: "herald.push.connections")) }
        dataDirectory = try DataDirectory(url: configuration.dataDirectory)
        announcement = DaemonAnnouncement(directory: dataDirectory)
        pushTransport = try Self.makePushTransport(configuration, dataDirectory: dataDirectory)
        // Chosen once: every record below is the data directory's or the database's.
        let storage = try DaemonStorage(directory: dataDirectory, databaseURL: configuration.databaseURL)
        self.storage = storage
        adminToken = try dataDirectory.adminToken()
        // Shared, every node's token is recorded by its fingerprint, and every node accepts each.
        let admins = AdminCredentials(
            fingerprints: try storage.makeAdminTokenRecords().record(fingerprint: Secrets.fingerprint(adminToken)))
        let registry = try AppRegistry(records: storage.makeAppRecords())
        let pushDirectory: PushDirectory
        do {
            pushDirectory = try PushDirectory(records: storage.makePushRecords())
        } catch {
            throw DaemonError("\(error)")
        }
        let virtualClock = configuration.virtualClock ? TestScheduler(startDate: configuration.virtualClockStart ?? Date()) : nil
        let scheduler: any DateScheduler = virtualClock ?? QueueScheduler(queue: DispatchQueue(label: "herald.engine"))
        webhooks = WebhookPresenter(
            registry: registry, outbox: try storage.makeWebhookOutbox(now: scheduler.now),
            retryDelays: configuration.webhookRetryDelays, scheduler: scheduler)
        webPush = WebPushPresenter(
            directory: pushDirectory, registry: registry, outbox: try storage.makeWebPushOutbox(now: scheduler.now),
            subject: configuration.webPushSubject, retryDelays: configuration.webPushRetryDelays, scheduler: scheduler)
        var presenters: [any Presenter] = [webhooks, webPush]
        if configuration.printsDeliveries { presenters.append(TerminalPresenter()) }
        var engineConfiguration = NotificationEngine.Configuration(
            pendingLimitPerApp: configuration.pendingLimitPerApp, authorizationPolicy: configuration.authorizationPolicy)
        engineConfiguration.deliveredLimitPerApp = configuration.deliveredLimitPerApp
        engineConfiguration.attachmentBytesPerApp = configuration.attachmentBytesPerApp
        // One machine is the default: the daemon is its own apps' push service.
        engineConfiguration.remoteNotificationRegistrar =
            configuration.remoteNotificationRegistrar
            ?? DeviceRegistrar(local: LocalRegistrar(directory: pushDirectory, scheduler: scheduler), slot: upstream)
        engine = try storage.makeEngine(scheduler: scheduler, configuration: engineConfiguration, presenters: presenters)
        desktop = try Self.makeDesktop(configuration, dataDirectory: dataDirectory, engine: engine)
        location = try Self.makeLocation(configuration, engine: engine)
        if let record = try PushUpstream.load(from: dataDirectory.pushUpstreamFile) {
            upstream.set(Upstream(record, file: dataDirectory.pushUpstreamFile, engine: engine))
        }
        let sessions = try SessionStore(records: storage.makeSessionRecords())
        let signInCodes = SignInCodes(records: storage.makeSignInCodeRecords())
        let signInPages = try SignInPages(
            directory: configuration.signInPageDirectory
                ?? SignInPages.defaultDirectory(
                    environment: ProcessInfo.processInfo.environment, dataDirectory: configuration.dataDirectory),
            codes: signInCodes, scheduler: scheduler)
        services = try DaemonServices(
            storage: storage, engine: engine, registry: registry, sessions: sessions, signInCodes: signInCodes,
            signInPages: signInPages, admins: admins, scheduler: scheduler, virtualClock: virtualClock, desktop: desktop,
            pushDirectory: pushDirectory, uploadLimits: configuration.uploadLimits)
        storage.follow(in: services)
        let rateLimit = configuration.push.map { PushRateLimit(burst: $0.tokenBurst, perSecond: $0.tokenPushesPerSecond) }
        (deviceQueues, pushResources) = try storage.makePushQueues()
        // A message kept for a receiver this node reaches, on whichever node, goes to it.
        pushResources.follow { [pushReceivers] agent in
            if let agent { pushReceivers.wake(agent) } else { pushReceivers.wakeAll() }
        }
        unifiedPush = try Self.makeUnifiedPush(
            configuration, store: pushResources, receivers: pushReceivers, scheduler: scheduler)
        if configuration.push != nil {
            // A push another node kept for a device this node holds the link of goes down it.
            deviceQueues.follow { [deviceLinks] device in
                if let device { deviceLinks.wake(device) } else { deviceLinks.wakeAll() }
            }
        }
        deviceEndpoint = DeviceEndpoint(directory: pushDirectory, now: { scheduler.now })
        provider = ProviderEndpoint(
            directory: pushDirectory, rateLimit: rateLimit ?? PushRateLimit(), now: { scheduler.now },
            deliver: RemoteDelivery.to(deviceQueues, links: deviceLinks, now: { scheduler.now }, else: LocalDelivery.to(engine)))
        hosts = AllowedHosts(host: configuration.host, port: configuration.port)
        webhooks.follow(engine)
        bundledApps = configuration.bundledApps
            ? try Self.makeBundledApps(
                engine: engine, registry: registry, storage: try storage.makeDocuments(), scheduler: scheduler)
            : []
        bundledAppRoutes = BundledAppRoutes(
            apps: Dictionary(uniqueKeysWithValues: bundledApps.map { ($0.slug, $0) }), services: services)
    }

    /// The three apps of the seeds, each registered under its identifier with
    /// its page, storing its data in `storage`: under `apps/` in the data
    /// directory, or in the database several daemons share.
    private static func makeBundledApps(
        engine: NotificationEngine, registry: AppRegistry, storage: any DocumentStorage, scheduler: any DateScheduler
    ) throws -> [any HeraldApp] {
        let apps = try BundledApps.make(service: engine, storage: storage, scheduler: scheduler)
        for app in apps where registry.app(app.identifier) == nil {
            do {
                _ = try registry.register(
                    app.identifier, name: app.displayName, webhookURL: nil, bundledSlug: app.slug, now: scheduler.now)
            } catch let error as ServerError where error.code == .conflict {
                // Another node sharing the database registered it first.
                _ = try registry.reload()
            }
        }
        return apps
    }

    /// The router with every route and middleware; tests drive it with
    /// Hummingbird's testing client.
    public func makeRouter() throws -> Router<HeraldRequestContext> {
        let router = Router(context: HeraldRequestContext.self)
        if storage.isShared { router.add(middleware: BlockingWorkMiddleware()) }
        router.add(middleware: SecurityHeadersMiddleware(hosts: hosts))
        router.add(middleware: APIErrorMiddleware())
        router.add(middleware: UpgradeRefusalMiddleware(refusals: refusals))
        router.add(middleware: HostCheckMiddleware(hosts: hosts))
        router.add(
            middleware: AuthenticationMiddleware(
                admins: services.admins, registry: services.registry, sessions: services.sessions, hosts: hosts,
                scheduler: services.scheduler))
        let files = try StaticFiles()
        WebRoutes(files: files).add(to: router)
        SessionRoutes(admins: services.admins, services: services, hosts: hosts, files: files).add(to: router)
        AppRoutes(services: services).add(to: router)
        NotificationRoutes(services: services).add(to: router)
        LocationRoutes(services: services, location: location).add(to: router)
        DeliveryRoutes(services: services).add(to: router)
        ResponseRoutes(services: services).add(to: router)
        EventRoutes(services: services).add(to: router)
        ClockRoutes(services: services).add(to: router)
        FocusRoutes(services: services).add(to: router)
        PushServiceRoutes(services: services, provider: provider).add(to: router)
        PushBrowserRoutes(services: services).add(to: router)
        WebPushAnswerRoutes(services: services, keys: webPush.answerKeys, hosts: hosts).add(to: router)
        PushRegistrationRoutes(services: services).add(to: router)
        let now: @Sendable () -> Date = { [scheduler = services.scheduler] in scheduler.now }
        PushResourceRoutes(resources: pushResources, receivers: pushReceivers, now: now).add(to: router)
        PushReceiverRoutes(resources: pushResources, receivers: pushReceivers, now: now).add(to: router)
        PushSocketRoutes { [pushResources, pushReceivers] origin in
            MozillaPushSocket(resources: pushResources, receivers: pushReceivers, origin: origin, now: now)
        }.add(to: router)
        ServiceExtensionRoutes(services: services).add(to: router)
        let fingerprint: String? = if case .tls(let identity) = pushTransport { identity.fingerprint } else { nil }
        PushDeviceRoutes(
            services: services, upstream: upstream, queues: deviceQueues, links: deviceLinks,
            upstreamFile: dataDirectory.pushUpstreamFile,
            listener: { [announcement] in (announcement.pushURL, fingerprint) }
        ).add(to: router)
        bundledAppRoutes.add(to: router, files: files)
        // Last: it then runs only for requests that no route matched.
        router.add(middleware: MethodNotAllowedMiddleware(routes: router.routes))
        return router
    }

    /// The Hummingbird application serving the router, with WebSocket upgrades, and
    /// the provider API's listener beside it when `--push-port` is given.
    /// `onRunning` gets the address the HTTP API listens on once it does;
    /// `onPushRunning` the provider API's and its certificate's fingerprint.
    public func makeApplication(
        onRunning: @escaping @Sendable (String) async -> Void = { _ in },
        onPushRunning: @escaping @Sendable (_ url: String, _ fingerprint: String?) async -> Void = { _, _ in }
    ) throws -> some ApplicationProtocol {
        let router = try makeRouter()
        var services: [any Service] = [
            WebhookService(webhooks: webhooks),
            WebPushService(webPush: webPush),
            BundledAppsService(apps: bundledApps, foreground: services.foreground),
        ]
        if let push = try makePushListener(onRunning: { await onPushRunning($0.url, $0.fingerprint) }) {
            services.append(push)
        }
        services.append(UpstreamService(slot: upstream))
        if let unifiedPush { services.append(unifiedPush) }
        services.append(
            PushExpiryService(
                queues: deviceQueues, resources: pushResources, now: { [scheduler = self.services.scheduler] in scheduler.now }))
        return Application(
            router: router,
            server: .guardedHTTP1WebSocketUpgrade(
                webSocketRouter: router, timeouts: configuration.connectionTimeouts, refusals: refusals,
                connections: connections),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Herald"),
            services: services,
            onServerRunning: { [self] channel in
                let port = channel.localAddress?.port ?? configuration.port
                hosts.update(port: port)
                let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
                let url = "http://\(host):\(port)"
                announcement.api(url)
                await attachDesktop(centerURL: url)
                unifiedPush?.start { Self.pushResourceURL(apiURL: url, token: $0) }
                await onRunning(url)
            },
            logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, then finishes the requests in flight,
    /// closes the event streams and removes `daemon.json`.
    /// `onPushRunning` gets the provider API's address and certificate fingerprint
    /// (`nil` for plaintext HTTP/2) once it listens.
    public func run(
        onRunning: @escaping @Sendable (String) async -> Void = { _ in },
        onPushRunning: @escaping @Sendable (_ url: String, _ fingerprint: String?) async -> Void = { _, _ in }
    ) async throws {
        let application = try makeApplication(onRunning: onRunning, onPushRunning: onPushRunning)
        defer {
            services.streams.closeAll()
            services.signInPages.removeAll()
            dataDirectory.withdrawAnnouncement()
        }
        try await application.runService()
    }

    /// An address that signs a browser in once, within 60 seconds, with a one-time
    /// code (never the admin token): `base/login?code=…`.
    ///
    /// - Throws: ``NotificationError`` when the shared database cannot record the code.
    public func signInAddress(base: String) throws -> String {
        "\(base)/login?code=\(try services.signInCodes.issue(now: services.scheduler.now).code)"
    }
}

/// Drops the pushes for devices on other machines and the push resources' messages
/// whose expiration passed, every minute.
struct PushExpiryService: Service {
    let queues: any DeviceQueueStore
    let resources: any PushResourceStore
    let now: @Sendable () -> Date

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await queues.dropExpired(now: now())
                try? await resources.dropExpired(now: now())
                try await Task.sleep(for: .seconds(60))
            }
        }
    }
}

/// Keeps the link to the push service this daemon is a device of, while the daemon runs.
struct UpstreamService: Service {
    let slot: UpstreamSlot

    func run() async throws {
        slot.start()
        defer { slot.stop() }
        try? await gracefulShutdown()
    }
}

/// Sends the webhook posts, those left from an earlier run first, for as long as
/// the daemon runs.
struct WebhookService: Service {
    let webhooks: WebhookPresenter

    func run() async throws {
        await webhooks.run()
    }
}

/// Sends the Web Push messages owed to the person's browsers, those left from an
/// earlier run first, for as long as the daemon runs.
struct WebPushService: Service {
    let webPush: WebPushPresenter

    func run() async throws {
        await webPush.run()
        await webPush.shutdown()
    }
}

/// Starts the bundled apps, then sends an app back to the background when a
/// response opened it: a bundled one when no page of it connected in time, one
/// registered over HTTP at once (``AppForeground``).
struct BundledAppsService: Service {
    let apps: [any HeraldApp]
    let foreground: AppForeground

    func run() async throws {
        for app in apps {
            try await app.start()
        }
        await foreground.follow(apps)
    }
}
