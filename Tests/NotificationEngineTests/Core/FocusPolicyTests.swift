import Foundation
import NotificationModel
import Testing

@testable import NotificationEngine

/// Whether a delivery interrupts the person, by its level, its app's standing, the
/// Focus on, the desktop's Do Not Disturb and the scheduled summary.
struct FocusPolicyTests {
    static let summary = Date(timeIntervalSince1970: 1_800_000_000)
    static let work = FocusMode(
        identifier: "work", name: "Work",
        allowedApps: ["com.example.mail": .all, "com.example.chat": .criteria(["team"])], allowsTimeSensitive: true)
    static let sleep = FocusMode(identifier: "sleep", name: "Sleep", allowsTimeSensitive: false)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var level: NotificationContent.InterruptionLevel
        var app = "com.example.news"
        var criteria = ""
        var allowsTimeSensitive = true
        var isInSummary = false
        var quiet = QuietState.none
        var expected: FocusPolicy.Decision
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing quiet: an active notification is shown", level: .active, expected: .present),
        Case(name: "nothing quiet: a passive one goes to the list", level: .passive, expected: .quiet),
        Case(name: "nothing quiet: a time-sensitive one is shown", level: .timeSensitive, expected: .present),
        Case(name: "a critical one always breaks through", level: .critical, quiet: QuietState(focus: sleep, desktopDoNotDisturb: true),
             expected: .breakThrough),
        Case(name: "a critical one is never held for the summary", level: .critical, isInSummary: true,
             quiet: QuietState(nextSummary: summary), expected: .breakThrough),
        Case(name: "a Focus quiets an app it does not let through", level: .active, quiet: QuietState(focus: work), expected: .quiet),
        Case(name: "a Focus lets through an app it allows wholly", level: .active, app: "com.example.mail",
             quiet: QuietState(focus: work), expected: .present),
        Case(name: "a Focus lets through an app's notification with an allowed criteria", level: .active,
             app: "com.example.chat", criteria: "team", quiet: QuietState(focus: work), expected: .present),
        Case(name: "a Focus quiets the same app's other criteria", level: .active, app: "com.example.chat",
             criteria: "family", quiet: QuietState(focus: work), expected: .quiet),
        Case(name: "a Focus quiets the same app's notification without criteria", level: .active, app: "com.example.chat",
             quiet: QuietState(focus: work), expected: .quiet),
        Case(name: "time-sensitive breaks through a Focus that allows it, for an app that allows it", level: .timeSensitive,
             quiet: QuietState(focus: work), expected: .breakThrough),
        Case(name: "time-sensitive is quieted for an app whose setting is off", level: .timeSensitive,
             allowsTimeSensitive: false, quiet: QuietState(focus: work), expected: .quiet),
        Case(name: "time-sensitive is quieted by a Focus that does not allow it", level: .timeSensitive,
             quiet: QuietState(focus: sleep), expected: .quiet),
        Case(name: "time-sensitive of an app a Focus lets through is simply shown", level: .timeSensitive,
             app: "com.example.mail", quiet: QuietState(focus: sleep.allowing("com.example.mail")), expected: .present),
        Case(name: "Do Not Disturb quiets an active notification, even of an app a Focus lets through", level: .active,
             app: "com.example.mail", quiet: QuietState(focus: work, desktopDoNotDisturb: true), expected: .quiet),
        Case(name: "time-sensitive breaks through Do Not Disturb where the app allows it", level: .timeSensitive,
             quiet: QuietState(desktopDoNotDisturb: true), expected: .breakThrough),
        Case(name: "an active notification of an app in the summary waits for it", level: .active, isInSummary: true,
             quiet: QuietState(nextSummary: summary), expected: .hold(until: summary)),
        Case(name: "a passive one of an app in the summary waits for it too", level: .passive, isInSummary: true,
             quiet: QuietState(nextSummary: summary), expected: .hold(until: summary)),
        Case(name: "a time-sensitive one skips the summary", level: .timeSensitive, isInSummary: true,
             quiet: QuietState(nextSummary: summary), expected: .present),
        Case(name: "an app in the summary without a summary scheduled is shown", level: .active, isInSummary: true,
             expected: .present),
        Case(name: "an app not in the summary is not held", level: .active, quiet: QuietState(nextSummary: summary),
             expected: .present),
    ]

    @Test(arguments: cases)
    func decides(_ test: Case) {
        let standing = FocusPolicy.Standing(
            app: test.app, allowsTimeSensitive: test.allowsTimeSensitive, isInSummary: test.isInSummary)
        #expect(FocusPolicy.decide(test.level, criteria: test.criteria, of: standing, quiet: test.quiet) == test.expected)
    }
}

extension FocusMode {
    /// The Focus, letting `app` through wholly too.
    fileprivate func allowing(_ app: String) -> FocusMode {
        var focus = self
        focus.allowedApps[app] = .all
        return focus
    }
}
