public import Foundation
import Synchronization

/// A button a notification offers, shaped like iOS 8's `UIUserNotificationAction`.
/// Immutable: build actions with ``UIMutableUserNotificationAction``. An
/// `NSObject` that copies (`copy()` is immutable, `mutableCopy()` mutable) and
/// archives (`NSSecureCoding`), compared by identity as on iOS.
///
/// `@unchecked Sendable` is sound: the only stored property is a `Mutex`.
public class UIUserNotificationAction: NSObject, NSCopying, NSMutableCopying, NSSecureCoding, @unchecked Sendable {
    let state: Mutex<ActionProperties>

    init(_ properties: ActionProperties) {
        state = Mutex(properties)
        super.init()
    }

    /// An action with no identifier or title that runs in the background.
    public override convenience init() {
        self.init(ActionProperties())
    }

    // MARK: Copying and archiving

    /// An immutable copy.
    public func copy(with zone: NSZone? = nil) -> Any {
        UIUserNotificationAction(state.withLock { $0 })
    }

    /// A mutable copy.
    public func mutableCopy(with zone: NSZone? = nil) -> Any {
        UIMutableUserNotificationAction(properties: state.withLock { $0 })
    }

    /// Actions are archived with secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Writes the action's properties.
    public func encode(with coder: NSCoder) {
        guard let data = try? JSONEncoder().encode(ActionArchive(state.withLock { $0 })) else { return }
        coder.encode(data as NSData, forKey: ActionArchive.key)
    }

    /// Reads an action written by ``encode(with:)``.
    public required init?(coder: NSCoder) {
        guard let data = coder.decodeObject(of: NSData.self, forKey: ActionArchive.key),
            let archive = try? JSONDecoder().decode(ActionArchive.self, from: data as Data)
        else { return nil }
        state = Mutex(archive.properties)
        super.init()
    }

    /// The identifier the delegate receives when the user chooses the action.
    public var identifier: String? {
        self[\.identifier]
    }

    /// The button's title.
    public var title: String? {
        self[\.title]
    }

    /// Whether choosing the action opens the app or runs it in the background.
    public var activationMode: UIUserNotificationActivationMode {
        self[\.activationMode]
    }

    /// Whether the action destroys data (shown in red).
    public var isDestructive: Bool {
        self[\.isDestructive]
    }

    /// Whether the user must be authenticated (the device unlocked) to choose the
    /// action. Always `true` for a ``UIUserNotificationActivationMode/foreground``
    /// action, as on iOS 8.
    public var isAuthenticationRequired: Bool {
        state.withLock { $0.isAuthenticationRequired || $0.activationMode == .foreground }
    }

    /// A button or a text field (iOS 9).
    public var behavior: UIUserNotificationActionBehavior {
        self[\.behavior]
    }

    /// Options of the behavior: ``UIUserNotificationTextInputActionButtonTitleKey``
    /// names a text-input action's send button.
    public var parameters: [AnyHashable: Any] {
        state.withLock { $0.parameters }.value ?? [:]
    }

    subscript<Value: Sendable>(property: WritableKeyPath<ActionProperties, Value>) -> Value {
        get { state.withLock { $0[keyPath: property] } }
        set { state.withLock { $0[keyPath: property] = newValue } }
    }
}
