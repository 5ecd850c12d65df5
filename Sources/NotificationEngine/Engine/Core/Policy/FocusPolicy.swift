import Foundation
import NotificationModel

/// Whether a delivery interrupts the person now, decided from its interruption
/// level, its app's standing and what keeps the person's notifications quiet (a
/// Focus, the desktop's Do Not Disturb, the scheduled summary). Pure, and the same for
/// every presenter.
///
/// - `critical` always comes through, held by nothing.
/// - `timeSensitive` skips the summary; when the person's notifications are quiet
///   (a Focus that does not let its app through, or Do Not Disturb), it breaks
///   through where the app's time-sensitive setting and the Focus allow it, and is
///   quieted otherwise.
/// - `active` and `passive` of an app in the summary wait for the next summary.
///   Otherwise `active` is quieted by a Focus that does not let it through and by Do
///   Not Disturb, and shown else; `passive` always goes quietly to the list.
enum FocusPolicy {
    enum Decision: Equatable {
        /// Shown as the app's settings say.
        case present
        /// Shown although the person's notifications are quiet (the desktop's urgency 2).
        case breakThrough
        /// Kept in the notification center's list, without a banner or a sound.
        case quiet
        /// Kept back until the summary at this time, and delivered with it.
        case hold(until: Date)
    }

    /// What the person set for an app, as the decision needs it.
    struct Standing: Equatable {
        var app: String
        /// The app's time-sensitive setting (`UNNotificationSettings.timeSensitiveSetting`).
        var allowsTimeSensitive: Bool
        /// Whether its notifications go to the scheduled summary (`scheduledDeliverySetting`).
        var isInSummary: Bool
    }

    static func decide(
        _ level: NotificationContent.InterruptionLevel, criteria: String, of standing: Standing, quiet: QuietState
    ) -> Decision {
        if level == .critical { return .breakThrough }
        let isQuieted = quiet.desktopDoNotDisturb || quiet.focus.map { !$0.lets(standing.app, criteria: criteria) } ?? false
        if level == .timeSensitive {
            guard isQuieted else { return .present }
            let focusAllows = quiet.focus?.allowsTimeSensitive ?? true
            return standing.allowsTimeSensitive && focusAllows ? .breakThrough : .quiet
        }
        if standing.isInSummary, let summary = quiet.nextSummary { return .hold(until: summary) }
        if level == .passive || isQuieted { return .quiet }
        return .present
    }

    /// The decision for `delivery` of the app whose record is `record`.
    static func decide(for delivery: Delivery, of record: AppRecord, quiet: QuietState) -> Decision {
        let content = delivery.request.content
        let standing = Standing(
            app: delivery.app.rawValue, allowsTimeSensitive: record.preferences.timeSensitiveEnabled,
            isInSummary: record.preferences.inScheduledSummary)
        return decide(content.interruptionLevel, criteria: content.filterCriteria, of: standing, quiet: quiet)
    }
}
