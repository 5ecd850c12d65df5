import DesktopNotifications
import Foundation
import Logging
import PushService
import Signals

extension HeraldDaemon {
    /// The UnifiedPush distributor, by the desktop presenter's rule (`--desktop`):
    /// `nil` for `off`, or for `auto` without GLib's GIO or a session bus.
    ///
    /// - Throws: ``DaemonError`` for `--desktop on` when GIO cannot be loaded or the
    ///   session bus cannot be reached.
    static func makeUnifiedPush(
        _ configuration: DaemonConfiguration, store: any PushResourceStore, receivers: PushReceivers,
        scheduler: any DateScheduler
    ) throws -> UnifiedPushService? {
        guard configuration.desktop != .off else { return nil }
        do {
            let distributor = try UnifiedPushDistributor(library: configuration.desktopLibrary)
            return UnifiedPushService(distributor: distributor, store: store, receivers: receivers, scheduler: scheduler)
        } catch {
            guard configuration.desktop == .auto else {
                throw DaemonError("--desktop on, but the session bus cannot be reached for UnifiedPush: \(error)")
            }
            Logger(label: "herald.unifiedpush").info("no UnifiedPush distributor: \(error)")
            return nil
        }
    }

    /// A push resource's URL on the HTTP API at `apiURL`, which application servers POST to.
    static func pushResourceURL(apiURL: String, token: String) -> String {
        "\(apiURL)/push/\(token)"
    }
}
