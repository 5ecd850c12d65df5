import Foundation

/// How a delivery is shown, decided from the app's settings, its category and
/// what the app in the foreground asked for. Pure: the presenters, the app's
/// handler and the sound files stay outside.
enum PresentationPolicy {
    /// Where one delivery goes.
    enum Route: Equatable {
        /// To the app in the foreground, whose handler decides (`willPresent`).
        case foreground
        /// The app is in the foreground but has no handler: nothing is shown and
        /// the delivery leaves the notification center.
        case foregroundWithoutHandler
        /// Straight to the presenters.
        case background
    }

    static func route(isForeground: Bool, hasHandler: Bool) -> Route {
        guard isForeground else { return .background }
        return hasHandler ? .foreground : .foregroundWithoutHandler
    }

    /// What the engine does with a delivery once the foreground app answered
    /// `willPresent` with these options.
    struct ForegroundOutcome: Equatable {
        /// Whether the delivery leaves the notification center.
        var unlists: Bool
        /// Whether the presenters get it.
        var shows: Bool
        /// The alert style to show it with, overriding the app's; `nil` keeps the app's.
        var style: AlertStyle?
        /// Whether its sound may play.
        var withSound: Bool
    }

    static func foregroundOutcome(_ options: PresentationOptions) -> ForegroundOutcome {
        ForegroundOutcome(
            unlists: !options.keepsInList,
            shows: options.showsOnScreen || options.keepsInList,
            style: options.showsOnScreen ? nil : AlertStyle.none,
            withSound: options.contains(.sound))
    }

    /// A presentation's decisions, before its sound is looked up.
    struct Look: Equatable {
        var style: AlertStyle
        /// Whether the delivery's sound, if it has one, plays (looked up in the
        /// sound library).
        var playsSound: Bool
        var badge: Int
        var actions: [NotificationAction]
        var bannerActions: [NotificationAction]
        var reportsDismissal: Bool
    }

    /// How `delivery` looks on the presenters: `style` overrides the app's alert
    /// style, `withSound` allows its sound. A passive notification goes to the
    /// notification center quietly; a critical sound plays even when sounds are off.
    static func look(of delivery: Delivery, style: AlertStyle?, withSound: Bool, record: AppRecord) -> Look {
        let preferences = record.preferences
        let category = record.category(for: delivery)
        let isPassive = delivery.request.content.interruptionLevel == .passive
        let isCritical = delivery.request.content.sound?.kind == .critical && preferences.allowsCriticalAlerts
        return Look(
            style: (isPassive ? AlertStyle.none : style) ?? preferences.shownStyle,
            playsSound: withSound && (isCritical || (!isPassive && preferences.allowsSounds)),
            badge: record.badge,
            actions: category?.actions ?? [],
            bannerActions: NotificationRules.bannerActions(of: category),
            reportsDismissal: NotificationRules.dismissalReachesApp(category))
    }
}
