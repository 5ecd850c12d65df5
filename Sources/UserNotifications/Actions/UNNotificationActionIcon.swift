public import Foundation
import NotificationModel

/// The image beside an action's title (iOS 15): one of the app's images, drawn
/// as a template, or a system symbol.
///
/// ```swift
/// let delete = UNNotificationAction(
///     identifier: "delete", title: "Delete", options: [.destructive],
///     icon: UNNotificationActionIcon(systemImageName: "trash"))
/// ```
///
/// Immutable (`@unchecked Sendable` is sound: every stored property is a `let`
/// of a `Sendable` type).
public final class UNNotificationActionIcon: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    let icon: NotificationAction.Icon

    init(_ icon: NotificationAction.Icon) {
        self.icon = icon
        super.init()
    }

    /// One of the app's images, drawn as a template.
    public convenience init(templateImageName: String) {
        self.init(NotificationAction.Icon(source: .template, name: templateImageName))
    }

    /// A system symbol, such as `"trash"`; presenters that know the name (the
    /// freedesktop icon names, the web center's symbols) show it.
    public convenience init(systemImageName: String) {
        self.init(NotificationAction.Icon(source: .system, name: systemImageName))
    }

    /// The icon itself: it never changes.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Icons are archived with secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Writes the icon's source and name.
    public func encode(with coder: NSCoder) {
        coder.encode(icon.source.rawValue as NSString, forKey: "source")
        coder.encode(icon.name as NSString, forKey: "name")
    }

    /// Reads an icon written by ``encode(with:)``.
    public init?(coder: NSCoder) {
        guard let source = coder.decodeObject(of: NSString.self, forKey: "source").map(String.init),
            let kind = NotificationAction.Icon.Source(rawValue: source),
            let name = coder.decodeObject(of: NSString.self, forKey: "name").map(String.init)
        else { return nil }
        icon = NotificationAction.Icon(source: kind, name: name)
        super.init()
    }

    /// Whether `object` is an icon of the same source and name.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationActionIcon)?.icon == icon
    }

    /// A hash of the source and name.
    public override var hash: Int {
        icon.hashValue
    }
}
