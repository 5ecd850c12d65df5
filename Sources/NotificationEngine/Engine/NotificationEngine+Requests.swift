import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    func pendingNow(for app: AppIdentifier) throws -> [PendingRequest] {
        try Validator.validateApp(app)
        return try read { try $0.pendingRequests(app) }.map { pending in
            var pending = pending
            pending.request = withStoreURLs(pending.request)
            return pending
        }
    }

    /// A number that changes whenever any app's pending requests change: added,
    /// replaced, evicted, removed, fired or rescheduled. Equal numbers mean equal
    /// lists, so a caller may keep something derived from a list (its JSON) for as
    /// long as the number stays the same.
    ///
    /// With other writers, other engines change lists without telling, so every
    /// look gives a new number.
    package var pendingVersion: UInt64 {
        guard coordination.seesEveryPendingChange else { return pendingChanges.add(1, ordering: .sequentiallyConsistent).newValue }
        return pendingChanges.load(ordering: .sequentiallyConsistent)
    }

    /// The app's pending requests as ``pendingRequests(for:)`` lists them, with the
    /// ``pendingVersion`` they are the list of.
    ///
    /// Every change of pending requests commits, then moves the version, under
    /// the `scheduling` lock, so an unchanged version before and after the read
    /// means the read saw that version's list (or a newer one, whose version is
    /// then already on its way). A read that a change overlapped is made again,
    /// the second time under the lock.
    package func versionedPendingRequests(for app: AppIdentifier) throws -> (requests: [PendingRequest], version: UInt64) {
        try Validator.validateApp(app)
        guard coordination.seesEveryPendingChange else { return (try read { try $0.pendingRequests(app) }, pendingVersion) }
        let before = pendingVersion
        let requests = try read { try $0.pendingRequests(app) }
        if pendingVersion == before { return (requests, before) }
        return try scheduling.withLock { _ in
            (try read { try $0.pendingRequests(app) }, pendingVersion)
        }
    }

    func removePendingNow(_ identifiers: [String], for app: AppIdentifier) throws {
        try Validator.validateApp(app)
        let identifiers = identifiers.map(\.canonical)
        try scheduling.withLock { scheduling in
            let removed = try write { try $0.deletePending(app, identifiers: identifiers) }
            scheduling.core.removed(identifiers, count: removed, of: app)
            pendingChanged()
            refillIfNeeded(&scheduling)
        }
        emit(.pendingChanged(app: app))
        sweepAttachments()
    }

    func removeAllPendingNow(for app: AppIdentifier) throws {
        try Validator.validateApp(app)
        try scheduling.withLock { scheduling in
            _ = try write { try $0.deleteAllPending(app) }
            scheduling.core.removedAll(of: app)
            pendingChanged()
            refillIfNeeded(&scheduling)
        }
        emit(.pendingChanged(app: app))
        sweepAttachments()
    }
}
