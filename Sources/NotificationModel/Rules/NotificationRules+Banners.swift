extension NotificationRules {
    /// How many actions a banner shows (iOS 8's minimal context): the first
    /// this many of a category's actions unless it names its own.
    public static let bannerActionCount = 2

    /// How many actions an alert shows in iOS 8's default context.
    public static let legacyAlertActionCount = 4

    /// The actions a banner of a delivery shows: its category's
    /// ``NotificationCategory/minimalActions``, or the first
    /// ``bannerActionCount`` of its actions; none without a category.
    ///
    /// - Parameter category: The delivery's category (``category(of:registered:)``).
    public static func bannerActions(of category: NotificationCategory?) -> [NotificationAction] {
        guard let category else { return [] }
        return category.minimalActions ?? Array(category.actions.prefix(bannerActionCount))
    }
}
