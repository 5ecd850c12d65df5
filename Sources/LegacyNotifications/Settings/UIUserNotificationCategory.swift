public import Foundation
import Synchronization

/// A kind of notification and the actions it offers, shaped like iOS 8's
/// `UIUserNotificationCategory`. Immutable: build categories with
/// ``UIMutableUserNotificationCategory``.
///
/// An `NSObject`, compared and hashed by identity as on iOS, so a `Set` of them
/// can hold two with the same identifier; registering such a set is refused
/// with ``NotificationError/Code/invalidCategory``. It copies (`copy()` is
/// immutable, `mutableCopy()` mutable) and archives (`NSSecureCoding`).
///
/// `@unchecked Sendable` is sound: the only stored property is a `Mutex`.
public class UIUserNotificationCategory: NSObject, NSCopying, NSMutableCopying, NSSecureCoding, @unchecked Sendable {
    let state: Mutex<CategoryProperties>

    init(_ properties: CategoryProperties) {
        state = Mutex(properties)
        super.init()
    }

    /// A category with no identifier and no actions.
    public override convenience init() {
        self.init(CategoryProperties())
    }

    // MARK: Copying and archiving

    /// An immutable copy; the actions are shared, as on iOS.
    public func copy(with zone: NSZone? = nil) -> Any {
        UIUserNotificationCategory(state.withLock { $0 })
    }

    /// A mutable copy.
    public func mutableCopy(with zone: NSZone? = nil) -> Any {
        UIMutableUserNotificationCategory(properties: state.withLock { $0 })
    }

    /// Categories are archived with secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Writes the identifier and each context's actions.
    public func encode(with coder: NSCoder) {
        let properties = state.withLock { $0 }
        let archive = CategoryArchive(
            identifier: properties.identifier,
            actions: Dictionary(uniqueKeysWithValues: properties.actions.map { context, actions in
                (String(context.rawValue), actions.map { ActionArchive($0.state.withLock { $0 }) })
            }))
        guard let data = try? JSONEncoder().encode(archive) else { return }
        coder.encode(data as NSData, forKey: CategoryArchive.key)
    }

    /// Reads a category written by ``encode(with:)``.
    public required init?(coder: NSCoder) {
        guard let data = coder.decodeObject(of: NSData.self, forKey: CategoryArchive.key),
            let archive = try? JSONDecoder().decode(CategoryArchive.self, from: data as Data)
        else { return nil }
        var properties = CategoryProperties(identifier: archive.identifier)
        for (context, actions) in archive.actions {
            guard let context = UInt(context).flatMap(UIUserNotificationActionContext.init(rawValue:)) else { continue }
            properties.actions[context] = actions.map { UIUserNotificationAction($0.properties) }
        }
        state = Mutex(properties)
        super.init()
    }

    /// The name notifications use in ``UILocalNotification/category``.
    public var identifier: String? {
        state.withLock { $0.identifier }
    }

    /// The actions shown in a context, in order, or `nil` if none were set for it.
    public func actions(for context: UIUserNotificationActionContext) -> [UIUserNotificationAction]? {
        state.withLock { $0.actions[context] }
    }
}
