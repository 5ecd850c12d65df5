import Foundation
import Logging
import PushService
import Signals

extension DaemonServices {
    /// Follows the changes other nodes make to the shared apps, sessions, admin
    /// tokens' fingerprints and the push service's keys and devices: reads them again, and closes the streams of tokens and
    /// sessions that no longer open the daemon (4401), as the node that revoked them
    /// did with its own.
    ///
    /// Reloads run one at a time on a queue of their own, since they wait for the
    /// database, and never on Swift concurrency's few threads. One that fails is
    /// logged; the node keeps what it had until the next announcement or
    /// reconnection reads the records again.
    func follow(_ database: DaemonDatabase) {
        let queue = DispatchQueue(label: "herald.daemon.changes")
        database.follow { [weak self, weak database] change in
            // Pushes kept for devices are the push link's (``PostgresDeviceQueues/follow(_:)``), and
            // messages kept on push resources their receivers' (``PostgresPushResources/follow(_:)``).
            switch change {
            case .deviceQueue?, .pushAgent?: return
            default: break
            }
            guard let self, let database else { return }
            queue.async { self.reload(change, from: database) }
        }
    }

    /// Reads what `change` names again (`nil`: everything).
    private func reload(_ change: DaemonDatabase.Change?, from database: DaemonDatabase) {
        let logger = Logger(label: "herald.daemon.sharing")
        if change == nil || change == .apps {
            do {
                for fingerprint in try registry.reload() { streams.revoke(.appToken(fingerprint: fingerprint)) }
            } catch {
                logger.error("cannot read the shared app registry again: \(error)")
            }
        }
        if change == nil || change == .adminTokens {
            do {
                admins.reload(try PostgresAdminTokens(database: database).fingerprints())
            } catch {
                logger.error("cannot read the shared admin tokens' fingerprints again: \(error)")
            }
        }
        if change == nil || change == .push {
            do {
                try pushDirectory.reload(now: scheduler.now)
            } catch {
                logger.error("cannot read the push service's keys and devices again: \(error)")
            }
        }
        if change == nil || change == .sessions {
            do {
                for fingerprint in try sessions.reload(now: scheduler.now) {
                    streams.revoke(.session(fingerprint: fingerprint))
                }
            } catch {
                logger.error("cannot read the shared browser sessions again: \(error)")
            }
        }
    }
}
