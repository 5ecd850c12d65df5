package import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    func setCategoriesNow(_ categories: [NotificationCategory], for app: AppIdentifier) throws {
        try Validator.validateApp(app)
        let categories = categories.map(\.canonical)
        try Validator.validate(categories)
        try scheduling.withLock { _ in
            try write { try $0.saveCategories(categories, for: app) }
            state.withLock { $0.updateApp(app) { $0.categories = categories } }
        }
    }

    func categoriesNow(for app: AppIdentifier) throws -> [NotificationCategory] {
        try Validator.validateApp(app)
        return try record(app).categories
    }

    func setBadgeNow(_ count: Int, for app: AppIdentifier) throws {
        try Validator.validateApp(app)
        try Validator.validateBadge(count)
        try scheduling.withLock { _ in
            try write { try $0.saveBadge(count, for: app) }
            state.withLock { $0.updateApp(app) { $0.badge = count } }
        }
        presenters.forEach { $0.badgeChanged(to: count, for: app) }
        emit(.badgeChanged(app: app, badge: count))
    }

    func badgeNow(for app: AppIdentifier) throws -> Int {
        try Validator.validateApp(app)
        return try record(app).badge
    }

    func setForegroundNow(_ isForeground: Bool, for app: AppIdentifier) throws {
        try Validator.validateApp(app)
        state.withLock { $0.setForeground(isForeground, for: app) }
    }

    func deliveredNow(for app: AppIdentifier) throws -> [Delivery] {
        try listedNow(for: app).map(withStoreURLs)
    }

    /// The app's deliveries in its notification center as the store holds them:
    /// their attachments without local files (see ``storedFile(of:)``), for the
    /// HTTP API, which names attachments by digest.
    package func listedDeliveries(for app: AppIdentifier) async throws -> [Delivery] {
        try await offloaded { try self.listedNow(for: app) }
    }

    /// The app's listed deliveries that wait for the scheduled summary, with the
    /// summary's date.
    package func summaryHolds(for app: AppIdentifier) async throws -> [DeliveryID: Date] {
        try await offloaded {
            try Validator.validateApp(app)
            return try self.read { try $0.summaryHolds(app) }
        }
    }

    private func listedNow(for app: AppIdentifier) throws -> [Delivery] {
        try Validator.validateApp(app)
        return try read { try $0.listedDeliveries(app) }
    }

    /// Takes deliveries out of the app's notification center; `nil` takes all.
    func removeDeliveredNow(_ identifiers: [String]?, for app: AppIdentifier) throws {
        try Validator.validateApp(app)
        let identifiers = identifiers?.map(\.canonical)
        let removed = try scheduling.withLock { _ in
            try write(locking: [app]) { transaction in
                let listed = try transaction.listedDeliveries(app)
                let names = identifiers.map(Set.init)
                let removed = listed.filter { names?.contains($0.request.identifier) ?? true }
                if let identifiers {
                    try transaction.unlistDeliveries(app, identifiers: identifiers)
                } else {
                    try transaction.unlistAllDeliveries(app)
                }
                return removed
            }
        }
        guard !removed.isEmpty else { return }
        presenters.forEach { $0.withdraw(removed.map(\.id), of: app) }
        emit(.withdrawn(app: app, deliveries: removed.map(\.id)))
        // Their attachments' bytes go now, unless something else still needs them.
        if removed.contains(where: { !$0.request.content.attachments.isEmpty }) { sweepAttachments() }
    }
}
