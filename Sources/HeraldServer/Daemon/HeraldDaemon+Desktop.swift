import DesktopNotifications
import Foundation
import Logging
import NotificationEngine
import Signals

extension HeraldDaemon {
    /// The desktop presenter `configuration` asks for, added to `engine`; `nil` for
    /// `--desktop off`, or for `auto` without GLib's GIO or a session bus. Its
    /// `.desktop` files are marked with the data directory's fingerprint. It follows
    /// the session's lock state and the desktop's Do Not Disturb (GNOME's
    /// `show-banners`, KDE's `Inhibited`), which the engine then keeps quiet by.
    ///
    /// - Throws: ``DaemonError`` for `--desktop on` when GIO cannot be loaded or the
    ///   session bus cannot be reached.
    static func makeDesktop(
        _ configuration: DaemonConfiguration, dataDirectory: DataDirectory, engine: NotificationEngine
    ) throws -> DesktopPresenter? {
        let mode = configuration.desktop
        guard mode != .off else { return nil }
        let logger = Logger(label: "herald.desktop")
        let environment = ProcessInfo.processInfo.environment
        var settings = DesktopPresenter.Configuration(
            centerURL: nil, applicationsDirectory: DesktopEntryFolder.defaultDirectory(environment: environment))
        settings.owner = dataDirectory.desktopOwner
        if let library = configuration.desktopLibrary { settings.gioLibrary = library }
        let presenter: DesktopPresenter
        do {
            presenter = try DesktopPresenter(engine: engine, configuration: settings, environment: environment)
        } catch {
            guard mode == .auto else {
                throw DaemonError("--desktop on, but the desktop cannot be reached: \(error)")
            }
            logger.info("no desktop notifications: \(error)")
            return nil
        }
        presenter.followSessionLock(environment: environment)
        presenter.followDoNotDisturb(environment: environment) { [weak engine] isOn in
            engine?.setDesktopDoNotDisturb(isOn)
        }
        _ = engine.addPresenter(presenter)
        return presenter
    }

    /// Tells the desktop presenter where the web center is, and the apps with their
    /// pages and badges, once the daemon listens at `centerURL`. What a notification
    /// opens signs the browser in with a one-time code (60 s, used once), through a
    /// sign-in page file (``SignInPages``): `xdg-open` and the browser get the file's
    /// address, never the code.
    func attachDesktop(centerURL: String) async {
        guard let desktop else { return }
        var apps: [(identifier: AppIdentifier, name: String, url: String?, badge: Int)] = []
        for app in services.registry.apps {
            let badge = (try? await engine.badgeCount(for: app.identifier)) ?? 0
            apps.append((app.identifier, app.name, app.bundledSlug.map { "\(centerURL)/apps/\($0)/" }, badge))
        }
        let pages = services.signInPages
        desktop.start(centerURL: centerURL, apps: apps) { path in
            do {
                return URL(fileURLWithPath: try pages.write(base: centerURL, next: SessionRoutes.destination(path)).file.path)
                    .absoluteString
            } catch {
                // Without a page (the shared database is down, say) the browser is asked to sign in.
                Logger(label: "herald.desktop").warning("cannot write a sign-in page: \(error)")
                let next = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
                return "\(centerURL)/login?next=\(next)"
            }
        }
    }
}
