import Foundation
import Logging
import Synchronization

/// What `daemon.json` says, written again whenever one of the daemon's listeners
/// starts: the HTTP API's address, and the provider API's when it listens. Written
/// once the HTTP API's is known, which is what clients look for.
final class DaemonAnnouncement: Sendable {
    private struct Addresses {
        var url: String?
        var pushURL: String?
    }

    private let directory: DataDirectory
    private let addresses = Mutex(Addresses())
    private let logger = Logger(label: "herald.daemon")

    init(directory: DataDirectory) {
        self.directory = directory
    }

    /// The HTTP API listens at `url`.
    func api(_ url: String) {
        update { $0.url = url }
    }

    /// The provider API listens at `url`.
    func push(_ url: String) {
        update { $0.pushURL = url }
    }

    /// Where the provider API listens, once it does.
    var pushURL: String? { addresses.withLock { $0.pushURL } }

    private func update(_ change: (inout Addresses) -> Void) {
        addresses.withLock { addresses in
            change(&addresses)
            guard let url = addresses.url else { return }
            do {
                try directory.announce(url: url, pushURL: addresses.pushURL)
            } catch {
                logger.error("cannot write \(directory.daemonFile.path): \(error)")
            }
        }
    }
}
