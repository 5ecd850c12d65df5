import Foundation

/// The records a firing transaction fires from, and what its claim left to
/// look at again.
struct FiringClaim {
    /// Requests' pending records by key, with the request decoded from each (`nil`: unreadable).
    typealias Loaded = [RegionKey: (PendingRecord, NotificationRequest?)]

    var apps: [AppIdentifier: AppRecord]
    var loaded: Loaded
    /// The apps whose rows the transaction locked (other writers only).
    var lockedApps: [AppIdentifier] = []
    /// The items of apps another engine held.
    var skipped: [EngineCore.FireItem] = []
    /// Whether every row of the apps locked was claimed.
    var claimedAll = true
}
