package import NotificationEngine

/// What the desktop knows of an app: its name, its `.desktop` file and how it opens.
package struct DesktopApp: Sendable, Hashable {
    package var identifier: AppIdentifier
    /// The display name, the notification's `app_name`.
    package var name: String
    /// The `.desktop` file's id without `.desktop`: the `desktop-entry` hint.
    package var desktopEntry: String
    /// An icon name or absolute path, if the app has one.
    package var icon: String?
    /// The page that opening the app shows.
    package var url: String?

    package init(identifier: AppIdentifier, name: String, icon: String? = nil, url: String? = nil) {
        self.identifier = identifier
        self.name = name
        self.desktopEntry = DesktopEntry.id(for: identifier)
        self.icon = icon
        self.url = url
    }
}
