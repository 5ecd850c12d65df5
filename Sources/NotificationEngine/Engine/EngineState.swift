import Foundation
import Signals

/// What the engine keeps in memory, under its mutex. The store is the source of
/// truth; this is the due window, caches of small per-app records, and the
/// process-local wiring (handlers, prompts, timer).
struct EngineState {
    /// An app's preferences, categories and badge, read once from the store and
    /// kept in step with every write the engine makes.
    struct AppRecord {
        var preferences: AppNotificationPreferences
        var categories: [NotificationCategory]
        var badge: Int

        /// The category a delivery of `content` is made with now: the registered
        /// one it names, one without actions or options if none has its name, `nil`
        /// if it names none (``Delivery/category``).
        func category(of content: NotificationContent) -> NotificationCategory? {
            let identifier = content.categoryIdentifier
            guard !identifier.isEmpty else { return nil }
            return categories.first { $0.identifier == identifier }
                ?? NotificationCategory(identifier: identifier, actions: [])
        }

        /// The category to answer and present `delivery` by: the one it was made
        /// with, or for a delivery stored without one, the app's current category.
        func category(for delivery: Delivery) -> NotificationCategory? {
            delivery.category ?? categories.first { $0.identifier == delivery.request.content.categoryIdentifier }
        }
    }

    /// A connected app handler and the token that disconnects it.
    struct Connection {
        var token: UInt64
        var handler: any NotificationAppHandler
    }

    /// An outstanding authorization question and who waits for its answer.
    struct Prompt {
        var options: AuthorizationOptions
        var waiters: [CheckedContinuation<Bool, Never>]
    }

    /// A location-triggered request being watched.
    struct WatchedRegion {
        var trigger: LocationTrigger
        var tracker: RegionTracker
    }

    var window: DueWindow
    var pendingCounts: [AppIdentifier: Int]
    /// Computes fire dates; floating calendar triggers follow its zone, which
    /// ``NotificationEngine/updateTimeZone(_:)`` changes.
    var schedule: TriggerSchedule
    /// The system's zone when last looked at, if the engine follows it.
    var systemTimeZone: String?
    var timeZoneCheckedDate: Date?
    /// Moves on every committed change of any app's pending requests
    /// (``NotificationEngine/pendingVersion``).
    var pendingVersion: UInt64 = 0
    var apps: [AppIdentifier: AppRecord] = [:]
    var foreground: Set<AppIdentifier> = []
    var connections: [AppIdentifier: Connection] = [:]
    var responsesInFlight: Set<DeliveryID> = []
    var prompts: [AppIdentifier: Prompt] = [:]
    var presenters: [(token: UInt64, presenter: any Presenter)] = []
    var regions: [RegionKey: WatchedRegion] = [:]
    var lastPosition: Coordinate?
    var timer: (any Disposable)?
    var timerDate: Date?
    /// When to read the due queue again after reading it failed (the store was
    /// unreachable): the timer waits for it rather than trying again at once.
    var refillRetryDate: Date?
    /// When old deliveries were last pruned.
    var prunedDate: Date?
    var nextToken: UInt64 = 0
    /// What a shared store told the engine that it has not handled yet.
    var sharing = SharingSignals()

    mutating func makeToken() -> UInt64 {
        nextToken += 1
        return nextToken
    }
}

extension EngineState.AppRecord {
    /// A shared store's row: an app with none saved has the defaults.
    init(_ row: SharedAppRow) {
        self.init(
            preferences: row.preferences ?? AppNotificationPreferences(), categories: row.categories, badge: row.badge)
    }
}

/// The identity of a pending request: its app and identifier.
struct RegionKey: Hashable {
    var app: AppIdentifier
    var identifier: String
}
