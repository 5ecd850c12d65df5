public import Foundation
public import NotificationEngine
import PushService

/// How `herald serve` runs: where it listens, where it keeps its data, its clock
/// and its authorization policy.
public struct DaemonConfiguration: Sendable {
    /// The address to bind; loopback by default.
    public var host: String
    /// The port; 0 picks a free one (written to `daemon.json`).
    public var port: Int
    /// Where the database, registry, apps' files and admin credential live.
    public var dataDirectory: URL
    /// Runs on a virtual clock moved by `POST /v1/debug/clock`; loopback only.
    public var virtualClock: Bool
    /// Where the virtual clock starts; the real time when `nil`. Tests set it to
    /// restart a daemon later than it stopped.
    public var virtualClockStart: Date?
    /// Who decides an app's authorization request: the user (`.ask`, through the
    /// web notification center) or a fixed answer for headless use.
    public var authorizationPolicy: NotificationEngine.AuthorizationPolicy
    /// Prints a line per delivery to standard output.
    public var printsDeliveries: Bool
    /// Serves the three bundled apps.
    public var bundledApps: Bool
    /// Pending requests an app may have (`--pending-limit`); 64 by default, as iOS
    /// keeps. Beyond it the latest-firing are dropped, or a new request is refused.
    public var pendingLimitPerApp: Int = 64
    /// Delivered notifications an app's notification center lists
    /// (`--delivered-limit`); 100 by default. A delivery beyond it pushes the
    /// oldest out, as removing it would.
    public var deliveredLimitPerApp: Int = 100
    /// Bytes of attachments an app's pending and delivered notifications may hold
    /// (`--attachment-quota`, in MiB); 256 MiB by default. An add beyond it is
    /// refused with 413 `payloadTooLarge`.
    public var attachmentBytesPerApp: Int = 256 << 20
    /// How long a new connection may stay silent (5 s), be idle (60 s), send a
    /// request's header (10 s) or pause in its body (10 s) before the daemon closes it.
    public var connectionTimeouts = ConnectionTimeouts()
    /// How many connections the HTTP API keeps open from one address (512) and in all
    /// (1,024, fewer under a low descriptor limit); the provider API's listener has limits
    /// of its own (``PushListenerConfiguration/connectionLimits``).
    public var connectionLimits = ConnectionLimits()
    /// What an add's body may hold: 1 MiB of JSON besides attachment bytes, 256
    /// requests, and two bodies over 64 KiB read at once.
    public var uploadLimits = UploadLimits()
    /// Whether deliveries also go to the desktop's notification server over D-Bus:
    /// `.auto` (the default) when there is a session bus.
    public var desktop: DesktopMode = .auto
    /// Whether location triggers get the machine's position from GeoClue on the
    /// system bus (`--location`): `.off` by default; each app needs the person's
    /// permission besides.
    public var location: LocationMode = .off
    /// How long a GeoClue call may take (its `GetClient` never answers without an
    /// agent) before GeoClue counts as unavailable: 5 s.
    package var locationCallTimeout: Duration = .seconds(5)
    /// The GIO library the desktop presenter loads; `nil` for `libgio-2.0.so.0`.
    /// Tests name one that is missing.
    package var desktopLibrary: String?
    /// The PostgreSQL database the engine keeps its notifications in
    /// (`--database`, `HERALD_DATABASE_URL`), a `postgres://` URL; `nil` for the
    /// SQLite file `engine.sqlite` in the data directory.
    public var databaseURL: String?
    /// Where the daemon writes the sign-in pages that `herald open` and a click on a
    /// desktop notification open (``SignInPages``); `nil` for `herald` in
    /// `$XDG_RUNTIME_DIR`, or `sign-in` in the data directory without one.
    public var signInPageDirectory: URL?
    /// The provider API's HTTP/2 listener (`--push-port`); `nil`, the default, for none.
    public var push: PushListenerConfiguration?
    /// How long a webhook waits before each retry: 1, 2, 4, 8 and 16 s.
    public var webhookRetryDelays: [Duration] = [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16)]
    /// How long a Web Push message waits before each retry, and at least as long as its
    /// push service's `Retry-After`: 1, 4, 16, 64 and 256 s.
    public var webPushRetryDelays: [Duration] = [.seconds(1), .seconds(4), .seconds(16), .seconds(64), .seconds(256)]
    /// The contact the daemon's VAPID tokens name for the browsers' push services
    /// (`--webpush-subject`): a `mailto:` or `https:` URL.
    public var webPushSubject = "mailto:herald@localhost"
    /// Where apps get their device tokens (`POST /v1/push/registration`). `nil`, the
    /// default, is the daemon's own push service: its apps' tokens are in its
    /// directory (`GET /v1/push/devices`) and `POST /3/device/{token}` on its
    /// provider API reaches them.
    public var remoteNotificationRegistrar: (any RemoteNotificationRegistrar)?

    /// A configuration; every value has the default `herald serve` uses.
    public init(
        host: String = "127.0.0.1",
        port: Int = 7878,
        dataDirectory: URL = DataDirectory.defaultURL(),
        virtualClock: Bool = false,
        authorizationPolicy: NotificationEngine.AuthorizationPolicy = .ask,
        printsDeliveries: Bool = false,
        bundledApps: Bool = true
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.virtualClock = virtualClock
        self.authorizationPolicy = authorizationPolicy
        self.printsDeliveries = printsDeliveries
        self.bundledApps = bundledApps
    }

    /// Whether `host` is a loopback address, which `--virtual-clock` requires.
    public var bindsLoopback: Bool { Self.isLoopback(host) }

    /// Whether `host` is a loopback address (``HostAddress/isLoopback(_:)``).
    static func isLoopback(_ host: String) -> Bool {
        HostAddress.isLoopback(host)
    }
}

/// When `herald serve` shows deliveries as desktop notifications (`--desktop`).
public enum DesktopMode: String, Sendable, CaseIterable {
    /// When a session bus is there; without one, the daemon runs without.
    case auto
    /// Always: no session bus is an error at start.
    case on
    /// Never.
    case off
}

/// When `herald serve` feeds location triggers from GeoClue (`--location`).
public enum LocationMode: String, Sendable, CaseIterable {
    /// When a system bus is there; without one, location triggers wait.
    case auto
    /// Always: no system bus is an error at start.
    case on
    /// Never (the default): location triggers wait for positions fed by hand.
    case off
}
