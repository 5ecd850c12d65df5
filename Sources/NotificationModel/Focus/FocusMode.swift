import Foundation

/// A Focus, as iOS 15 has them: a named quiet time that lets through only the apps
/// the person chose, each wholly or for some of its notifications (their
/// `filterCriteria`, as an app's Focus filter names them), and time-sensitive
/// notifications where the person allows them.
public struct FocusMode: Sendable, Hashable, Codable {
    /// What of an app a Focus lets through.
    public enum Allowance: Sendable, Hashable, Codable {
        /// Every notification of the app.
        case all
        /// The notifications whose `filterCriteria` is one of these.
        case criteria(Set<String>)
    }

    public var identifier: String
    public var name: String
    /// The apps it lets through, by identifier; the others are quieted.
    public var allowedApps: [String: Allowance]
    /// Whether time-sensitive notifications break through it (for the apps whose
    /// time-sensitive setting is on).
    public var allowsTimeSensitive: Bool
    /// When it turns itself on; empty for a Focus only switched on by hand.
    public var schedules: [FocusSchedule]

    public init(
        identifier: String, name: String, allowedApps: [String: Allowance] = [:], allowsTimeSensitive: Bool = true,
        schedules: [FocusSchedule] = []
    ) {
        self.identifier = identifier
        self.name = name
        self.allowedApps = allowedApps
        self.allowsTimeSensitive = allowsTimeSensitive
        self.schedules = schedules
    }

    /// Whether it lets through `app`'s notification with `filterCriteria`.
    public func lets(_ app: String, criteria filterCriteria: String) -> Bool {
        switch allowedApps[app] {
        case nil: false
        case .all?: true
        case .criteria(let criteria)?: criteria.contains(filterCriteria)
        }
    }
}
