import Foundation
import NotificationEngine

/// E9's Focus and deliveries (issue 39, "Speed": 100 apps and 1,000 filter criteria).
///
/// - 200 apps; the Focus lets 100 through: 50 wholly, 50 for 20 filter criteria each
///   (1,000 criteria in all), and quiets the other 100.
/// - Delivery `i` is of app `i % 200`, `active`, without sound (so a quieted one and a
///   shown one differ only in their alert style, not in a sound looked up), with a
///   filter criterion: for an app let through by its criteria, one of them every other
///   round of apps and one it does not know else; for the other apps, a criterion of
///   their own.
enum FocusFixtures {
    static let appCount = 200
    static let wholeApps = 50
    static let criteriaApps = 50
    static let criteriaPerApp = 20

    static func app(_ index: Int) -> AppIdentifier {
        AppIdentifier(rawValue: "org.herald.bench.focus.app-\(index)")
    }

    static func criterion(app: Int, _ index: Int) -> String {
        "project-\(app)-\(index)"
    }

    /// The Focus, on all day every day by its schedule (a calendar rule the engine
    /// checks once per batch, as it would any schedule).
    static var focus: FocusMode {
        var allowed: [String: FocusMode.Allowance] = [:]
        for index in 0..<wholeApps {
            allowed[app(index).rawValue] = .all
        }
        for index in wholeApps..<(wholeApps + criteriaApps) {
            allowed[app(index).rawValue] = .criteria(Set((0..<criteriaPerApp).map { criterion(app: index, $0) }))
        }
        return FocusMode(
            identifier: "work", name: "Work", allowedApps: allowed,
            schedules: [FocusSchedule(start: TimeOfDay("00:00")!, end: TimeOfDay("00:00")!)])
    }

    static var settings: QuietSettings {
        QuietSettings(focusModes: [focus])
    }

    /// How many criteria the Focus names in all.
    static var criteriaCount: Int {
        focus.allowedApps.values.reduce(0) { total, allowance in
            if case .criteria(let criteria) = allowance { total + criteria.count } else { total }
        }
    }

    /// Delivery `index`'s app and filter criterion.
    static func target(_ index: Int) -> (app: Int, criteria: String) {
        let app = index % appCount
        let round = index / appCount
        if app >= wholeApps, app < wholeApps + criteriaApps {
            let known = round % 2 == 0
            return (app, known ? criterion(app: app, round % criteriaPerApp) : "elsewhere-\(round % 7)")
        }
        return (app, "own-\(app)-\(round % 3)")
    }

    /// Whether the Focus lets delivery `index` through.
    static func isLetThrough(_ index: Int) -> Bool {
        let (app, criteria) = target(index)
        return app < wholeApps || (app < wholeApps + criteriaApps && criteria.hasPrefix("project-"))
    }

    /// Delivery `index` as a request firing after `interval`.
    static func request(_ index: Int, interval: TimeInterval) -> NotificationRequest {
        Fixtures.request(index, interval: interval, sound: nil, filterCriteria: target(index).criteria)
    }
}
