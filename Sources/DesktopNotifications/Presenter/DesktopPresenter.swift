public import Foundation
import Logging
public import NotificationEngine
import Synchronization

/// Shows Herald's deliveries as native desktop notifications through the desktop's
/// notification server (`org.freedesktop.Notifications` over D-Bus: GNOME Shell,
/// KDE Plasma, dunst, mako, swaync, XFCE), and routes the user's answers back.
///
/// - Buttons are the category's actions; a click on the body is the default
///   action, a dismissal the custom dismiss action where the category asks for
///   it, a reply KDE's inline reply or, elsewhere, the web center's reply box.
/// - `authenticationRequired` actions run only while the session is unlocked
///   (logind); pressed while locked they wait, and the notification is shown again
///   at unlock.
/// - A notification server that restarts or is replaced gets the unanswered alerts
///   again. Faults are logged once; the delivery stays in the web center.
/// - Badges go to docks as `com.canonical.Unity.LauncherEntry` signals.
///
/// D-Bus calls run on a queue of the presenter's own, so ``present(_:)`` returns at once.
public final class DesktopPresenter: Presenter {
    /// What the presenter needs of its host.
    public struct Configuration: Sendable {
        /// The web notification center's address, where answers that need it go;
        /// ``start(centerURL:apps:signIn:)`` sets it once the daemon listens.
        public var centerURL: String?
        /// The folder the apps' `.desktop` files go in; `nil` writes none.
        public var applicationsDirectory: URL?
        /// Who the `.desktop` files are written for: each is marked with it, and the
        /// presenter removes only files with its mark, so that presenters of one user
        /// with different owners leave each other's files alone. `herald serve` uses
        /// a fingerprint of its data directory.
        public var owner = "herald"
        /// The GIO library the presenter loads (``GIO/defaultLibrary``); tests name
        /// one that is missing.
        package var gioLibrary = GIO.defaultLibrary
        /// How long a D-Bus call may take.
        public var callTimeout: Duration = .seconds(5)
        /// Where ``DesktopPresenter/followDoNotDisturb(environment:changed:)`` reads
        /// GNOME's setting; tests give a keyfile of their own.
        package var doNotDisturb = DoNotDisturbMonitor.Configuration()

        public init(centerURL: String?, applicationsDirectory: URL?) {
            self.centerURL = centerURL
            self.applicationsDirectory = applicationsDirectory
        }
    }

    let server: NotificationServer
    let connection: DBusConnection
    let engine: NotificationEngine
    let opener: any AppOpener
    let configuration: Configuration
    let state: Mutex<DesktopState>
    let apps = Mutex<[AppIdentifier: DesktopApp]>([:])
    let badges = Mutex<[AppIdentifier: Int]>([:])
    let signIn = Mutex<(@Sendable (String) -> String)?>(nil)
    let queue = DispatchQueue(label: "herald.desktop")
    let faults: FaultLog
    let logger = Logger(label: "herald.desktop")
    private let owner = Mutex<String?>(nil)
    private let attached = Mutex(false)
    private let lockMonitor = Mutex<SessionLockMonitor?>(nil)
    /// The desktop's Do Not Disturb, once ``followDoNotDisturb(environment:changed:)`` follows it.
    let doNotDisturbMonitor = Mutex<DoNotDisturbMonitor?>(nil)

    /// Attaches to the notification server on `connection` (the session bus) for
    /// `engine`'s deliveries; add it to the engine with ``NotificationEngine/addPresenter(_:)``.
    /// A server that is not there yet is attached to when it appears.
    package init(
        connection: DBusConnection, engine: NotificationEngine, configuration: Configuration,
        opener: any AppOpener = XDGOpener()
    ) {
        self.connection = connection
        self.engine = engine
        self.configuration = configuration
        self.opener = opener
        server = NotificationServer(connection: connection, timeout: configuration.callTimeout)
        faults = FaultLog(logger: logger)
        state = Mutex(DesktopState(mapping: NotificationMapping(capabilities: [], centerURL: configuration.centerURL)))
        server.subscribe({ [weak self] signal in self?.received(signal) }) { [weak self] signal in
            self?.faults.report("malformed", "the notification server sent a malformed \(signal.member) signal: \(signal.arguments)")
        }
        connection.watchName(NotificationServer.name) { [weak self] owner in self?.ownerChanged(owner) }
    }

    /// Loads GLib's GIO, connects to the session bus of `environment` and attaches.
    ///
    /// - Throws: ``DBusError/Code/desktopUnavailable`` when GIO (`libgio-2.0.so.0`)
    ///   cannot be loaded, ``DBusError/Code/noBus`` without a session bus, or the bus's error.
    public convenience init(
        engine: NotificationEngine, configuration: Configuration,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let connection = try DBusConnection(.session, environment: environment, library: configuration.gioLibrary)
        self.init(connection: connection, engine: engine, configuration: configuration)
    }

    /// Follows the session's lock state over the system bus of `environment`;
    /// without it `authenticationRequired` actions run as on an unlocked session.
    public func followSessionLock(environment: [String: String] = ProcessInfo.processInfo.environment) {
        do {
            let system = try DBusConnection(.system, environment: environment, library: configuration.gioLibrary)
            let monitor = try SessionLockMonitor(connection: system, environment: environment) { [weak self] locked in
                self?.lockChanged(locked)
            }
            lockMonitor.withLock { $0 = monitor }
            logger.info("following the lock state of \(monitor.sessionPath)")
        } catch {
            faults.report("logind", "cannot read the session's lock state (\(error)); actions that need authentication run as on an unlocked session")
        }
    }

    /// Waits until every call queued so far is done: for tests and shutdown.
    public func flush() {
        queue.sync {}
    }

    // MARK: Presenter

    public func present(_ presentation: Presentation) {
        let effects = state.withLock { $0.present(presentation) }
        run(effects)
    }

    /// Shows the scheduled summary as one notification of Herald's own, which opens
    /// the web center's summary card.
    public func presentSummary(_ summary: NotificationSummary) {
        run(state.withLock { $0.presentSummary(summary) })
    }

    public func withdraw(_ deliveries: [DeliveryID], of app: AppIdentifier) {
        let effects = state.withLock { $0.withdraw(deliveries) }
        run(effects)
    }

    public func badgeChanged(to badge: Int, for app: AppIdentifier) {
        badges.withLock { $0[app] = badge }
        queue.async { [self] in sendBadge(badge, for: app) }
    }

    // MARK: Apps

    /// Where the web center is (`centerURL`) and the apps Herald knows: their
    /// `.desktop` files are written (those of apps gone removed) and their badges
    /// sent, as docks need after a restart.
    ///
    /// `signIn` turns a path of the daemon into an address that signs the browser in
    /// and goes there, so what a notification opens is not a sign-in page: the daemon's
    /// gives a sign-in page file's `file://` address, so the one-time code it holds is
    /// never on `xdg-open`'s command line, which other local users can read.
    public func start(
        centerURL: String, apps list: [(identifier: AppIdentifier, name: String, url: String?, badge: Int)],
        signIn: (@Sendable (_ path: String) -> String)? = nil
    ) {
        self.signIn.withLock { $0 = signIn }
        state.withLock { $0.mapping.centerURL = centerURL }
        let known = list.map { DesktopApp(identifier: $0.identifier, name: $0.name, url: $0.url) }
        apps.withLock { apps in apps = Dictionary(known.map { ($0.identifier, $0) }) { _, last in last } }
        badges.withLock { badges in for app in list { badges[app.identifier] = app.badge } }
        queue.async { [self] in
            for app in known { writeEntry(for: app) }
            removeEntries(except: Set(known.map(\.identifier)))
            for app in list { sendBadge(app.badge, for: app.identifier) }
        }
    }

    /// A new app: its `.desktop` file is written.
    public func appRegistered(_ identifier: AppIdentifier, name: String, url: String?) {
        let app = DesktopApp(identifier: identifier, name: name, url: url)
        apps.withLock { $0[identifier] = app }
        queue.async { [self] in writeEntry(for: app) }
    }

    /// An app removed: its `.desktop` file goes and its dock badge is cleared.
    public func appRemoved(_ identifier: AppIdentifier) {
        queue.async { [self] in
            sendBadge(0, for: identifier)
            apps.withLock { $0[identifier] = nil }
            badges.withLock { $0[identifier] = nil }
            guard let folder = entryFolder else { return }
            do {
                try folder.remove(identifier)
            } catch {
                logger.warning("cannot remove the .desktop file of \(identifier): \(error)")
            }
        }
    }

    /// The web notification center's address: the mapping's, which the body of a
    /// notification on a server without actions names too.
    var centerURL: String? { state.withLock { $0.mapping.centerURL } }

    func app(_ identifier: AppIdentifier) -> DesktopApp {
        apps.withLock { $0[identifier] } ?? DesktopApp(identifier: identifier, name: identifier.rawValue)
    }

    // MARK: The server

    /// Handles a signal on the presenter's queue, after the `Notify` call whose id
    /// it names has been recorded.
    private func received(_ signal: NotificationServerSignal) {
        queue.async { [self] in handle(signal) }
    }

    private func handle(_ signal: NotificationServerSignal) {
        let effects: [DesktopState.Effect] = state.withLock { state in
            switch signal {
            case .actionInvoked(let id, let key): return state.actionInvoked(serverID: id, key: key)
            case .closed(let id, let reason): return state.closed(serverID: id, reason: reason)
            case .replied(let id, let text): return state.replied(serverID: id, text: text)
            case .activationToken(let id, let token):
                state.activationToken(serverID: id, token: token)
                return []
            }
        }
        perform(effects)
    }

    private func ownerChanged(_ newOwner: String?) {
        let previous = owner.withLock { owner in
            defer { owner = newOwner }
            return owner
        }
        guard newOwner != previous else { return }
        guard newOwner != nil else {
            // On the queue, in order with the signals the server sent before it left.
            queue.async { [self] in state.withLock { $0.serverVanished() } }
            if previous != nil { logger.notice("the notification server left the bus") }
            return
        }
        queue.async { [self] in attach(isRestart: previous != nil || state.withLock { !$0.entries.isEmpty }) }
    }

    /// Whether a server's capabilities were read; on the presenter's queue only.
    var hasAttached: Bool { attached.withLock { $0 } }

    /// Reads the new server's capabilities and shows it what it must show.
    func attach(isRestart: Bool) {
        do {
            let capabilities = try server.capabilities()
            attached.withLock { $0 = true }
            faults.clear("capabilities")
            let effects = state.withLock { $0.serverAppeared(capabilities: capabilities) }
            let information = (try? server.information())?.joined(separator: " ") ?? "unknown"
            logger.info("notification server \(information), capabilities: \(capabilities.sorted().joined(separator: " "))")
            if isRestart {
                for (app, badge) in badges.withLock({ $0 }) { sendBadge(badge, for: app) }
            }
            perform(effects)
        } catch {
            faults.report("capabilities", "cannot read the notification server's capabilities: \(error)")
        }
    }

    private func lockChanged(_ locked: Bool) {
        let effects = state.withLock { $0.lockChanged(locked: locked) }
        logger.info("the session is \(locked ? "locked" : "unlocked")")
        run(effects)
    }
}
