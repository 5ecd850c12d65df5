import ArgumentParser
import Foundation
import HeraldCommandLine
import HeraldServer
import NotificationEngine

/// `herald serve`: runs the notification daemon until SIGTERM or SIGINT.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the Herald notification daemon: the HTTP API, the web notification center and the bundled apps.")

    enum Policy: String, ExpressibleByArgument, CaseIterable {
        case ask, grantAll = "grant-all", denyAll = "deny-all"
    }

    enum Desktop: String, ExpressibleByArgument, CaseIterable {
        case auto, on, off
    }

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 7878

    @Option(help: "Where to keep the database and credentials (default: $HERALD_DATA_DIR, else $XDG_DATA_HOME/herald, else ~/.local/share/herald).")
    var dataDir: String?

    @Flag(help: "Run on a virtual clock moved with POST /v1/debug/clock (tests; loopback only).")
    var virtualClock = false

    @Option(help: "Who answers authorization requests: ask (the user, in the web UI), grant-all or deny-all.")
    var policy: Policy = .ask

    @Flag(help: "Do not serve the bundled Shopping List, Todo and Nag Me apps.")
    var noBundledApps = false

    @Option(help: "How many pending requests an app may have (at least 1).")
    var pendingLimit = 64

    @Option(help: "How many delivered notifications an app's notification center keeps; the oldest go first (at least 1).")
    var deliveredLimit = 100

    @Option(help: ArgumentHelp("How many MiB of attachments an app's pending and delivered notifications may hold.", valueName: "mib"))
    var attachmentQuota = 256

    @Option(help: "Show deliveries as desktop notifications over D-Bus, and be the desktop's UnifiedPush distributor: auto (when there is a session bus), on or off.")
    var desktop: Desktop = .auto

    @Option(help: "Feed location triggers the machine's position from GeoClue (system bus), for apps the person allowed location: auto (when there is a system bus), on or off.")
    var location: Desktop = .off

    @Option(help: ArgumentHelp(
        "Keep notifications in this PostgreSQL database (postgres://user:password@host:port/database; default: $HERALD_DATABASE_URL, else SQLite in the data directory).",
        valueName: "url"))
    var database: String?

    @Option(help: ArgumentHelp(
        "Serve Apple's provider API (APNs, HTTP/2) on this port too; 0 picks a free one (default: off).", valueName: "port"))
    var pushPort: Int?

    @Flag(help: "Serve the provider API as plaintext HTTP/2 (h2c, prior knowledge) instead of TLS (loopback only).")
    var pushPlaintext = false

    @Option(help: ArgumentHelp(
        "The provider API's PEM certificate chain (default: a self-signed one made at first start, push-cert.pem in the data directory).",
        valueName: "file"))
    var pushCertificate: String?

    @Option(help: ArgumentHelp("The PEM private key of --push-certificate.", valueName: "file"))
    var pushKey: String?

    @Option(help: ArgumentHelp(
        "The contact the browsers' push services see in Web Push's VAPID tokens: a mailto: or https: URL (default: mailto:herald@localhost).",
        valueName: "url"))
    var webpushSubject: String?

    func run() async throws {
        var settings = DaemonConfiguration(
            host: host, port: port,
            dataDirectory: dataDir.map { URL(fileURLWithPath: $0) } ?? DataDirectory.defaultURL(),
            virtualClock: virtualClock,
            authorizationPolicy: [.ask: .ask, .grantAll: .grantAll, .denyAll: .denyAll][policy]!,
            printsDeliveries: Self.printsToTerminal, bundledApps: !noBundledApps)
        settings.pendingLimitPerApp = pendingLimit
        settings.deliveredLimitPerApp = deliveredLimit
        guard (0...(1 << 30)).contains(attachmentQuota) else {
            throw ValidationError("the attachment quota is a number of MiB from 0 to \(1 << 30), not \(attachmentQuota)")
        }
        settings.attachmentBytesPerApp = attachmentQuota << 20
        settings.desktop = DesktopMode(rawValue: desktop.rawValue) ?? .auto
        settings.location = LocationMode(rawValue: location.rawValue) ?? .off
        settings.databaseURL = database ?? ProcessInfo.processInfo.environment["HERALD_DATABASE_URL"].flatMap {
            $0.isEmpty ? nil : $0
        }
        settings.push = try pushConfiguration()
        if let webpushSubject {
            guard webpushSubject.hasPrefix("mailto:") || webpushSubject.hasPrefix("https://"), webpushSubject.count > 8 else {
                throw ValidationError("--webpush-subject is a mailto: or https: URL, not \(webpushSubject)")
            }
            settings.webPushSubject = webpushSubject
        }
        let configuration = settings
        let daemon: HeraldDaemon
        do {
            daemon = try HeraldDaemon(configuration: configuration)
        } catch {
            throw ValidationError("\(error)")
        }
        try await daemon.run(onRunning: { url in
            print("Herald \(HeraldDaemon.version) is listening on \(url)")
            print(Self.signInLine(daemon: daemon, url: url, dataDirectory: dataDir))
            print("Data: \(configuration.dataDirectory.path)\(virtualClock ? " (virtual clock)" : "")")
            if let database = daemon.databaseDescription { print("Database: \(database)") }
            fflush(nil)
            // Under systemd (`Type=notify`, `herald service install`): the daemon is ready.
            do {
                _ = try ServiceManagerNotifier.ready(url: url)
            } catch {
                FileHandle.standardError.write(Data("herald: cannot notify the service manager: \(error)\n".utf8))
            }
        }, onPushRunning: { url, fingerprint in
            print("Provider API (APNs, HTTP/2): \(url)")
            if let fingerprint { print("Push certificate SHA-256 fingerprint: \(fingerprint)") }
            fflush(nil)
        })
    }

    /// The provider API's listener of `--push-port`, `--push-plaintext`,
    /// `--push-certificate` and `--push-key`; `nil` without `--push-port`.
    func pushConfiguration() throws -> PushListenerConfiguration? {
        guard let pushPort else {
            guard !pushPlaintext, pushCertificate == nil, pushKey == nil else {
                throw ValidationError("--push-plaintext, --push-certificate and --push-key need --push-port")
            }
            return nil
        }
        return PushListenerConfiguration(
            port: pushPort, plaintext: pushPlaintext, certificateFile: pushCertificate.map { URL(fileURLWithPath: $0) },
            keyFile: pushKey.map { URL(fileURLWithPath: $0) })
    }

    /// Whether standard output is a terminal, not a file or the journal.
    static var printsToTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// How to open the web center. On a terminal, an address with a one-time code
    /// (good once, for 60 seconds): what is printed there is read by the person who
    /// started the daemon. Elsewhere (a log file, the journal of the user service),
    /// which others may read later, no code at all: `herald open` makes one.
    static func signInLine(daemon: HeraldDaemon, url: String, dataDirectory: String?) -> String {
        let open = "herald open" + (dataDirectory.map { " --data-dir \(shellQuoted($0))" } ?? "")
        guard printsToTerminal, let address = try? daemon.signInAddress(base: url) else {
            return "Open the notification center: run `\(open)` (it signs your browser in)"
        }
        return "Open the notification center (good once, for 60 s; later run `\(open)`): \(address)"
    }

    /// `text` as one shell word: as it is when it holds only `A-Z a-z 0-9 / . _ - +`, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "/._-+".unicodeScalars.contains($0)
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
