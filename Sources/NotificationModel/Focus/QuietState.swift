public import Foundation

/// What keeps the person's notifications quiet at one moment: the Focus on, if any,
/// the desktop's own Do Not Disturb, and the next time the scheduled summary is
/// delivered, if the person scheduled one.
public struct QuietState: Sendable, Hashable, Codable {
    public var focus: FocusMode?
    /// GNOME's `show-banners` off, or KDE's `Inhibited`.
    public var desktopDoNotDisturb: Bool
    /// When the notifications held for the summary are delivered next; `nil` without a summary.
    public var nextSummary: Date?

    public init(focus: FocusMode? = nil, desktopDoNotDisturb: Bool = false, nextSummary: Date? = nil) {
        self.focus = focus
        self.desktopDoNotDisturb = desktopDoNotDisturb
        self.nextSummary = nextSummary
    }

    /// Nothing quiet: every notification as its app's settings say.
    public static let none = QuietState()
}
