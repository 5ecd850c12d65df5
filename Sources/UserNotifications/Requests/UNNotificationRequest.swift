public import Foundation
import NotificationModel

/// A notification to schedule: an identifier the app chooses, the content and
/// when to deliver it.
///
/// ```swift
/// let request = UNNotificationRequest(identifier: "Walk Dog", content: content, trigger: trigger)
/// try await UNUserNotificationCenter.current().add(request)
/// ```
///
/// Adding a request whose identifier is pending replaces it.
///
/// An immutable `NSObject`, as Apple's: `copy()` returns the request itself; two
/// requests are equal (`isEqual(_:)`, `==`) when their identifiers, contents and
/// triggers are; `description` lists them.
public final class UNNotificationRequest: NSObject, NSCopying, Sendable {
    /// The app's name for the request; remove or replace it by this identifier.
    public let identifier: String
    /// What the notification shows; a copy taken when the request was created.
    public let content: UNNotificationContent
    /// When it fires; `nil` delivers it at once.
    public let trigger: UNNotificationTrigger?

    /// A request; `content` is copied, so changing it afterwards does not change the request.
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content.immutableCopy()
        self.trigger = trigger
        super.init()
    }

    /// The facade's form of an engine request; `nextFireDate` is the engine's, when known.
    init(_ request: NotificationRequest, nextFireDate: Date? = nil) {
        identifier = request.identifier
        content = UNNotificationContent(request.content)
        trigger = request.trigger.map { UNNotificationTrigger.make($0, nextFireDate: nextFireDate) }
        super.init()
    }

    /// The request itself: it never changes.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Whether `object` is a request with the same identifier, content and trigger.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationRequest else { return false }
        return other.identifier == identifier && other.content == content && other.trigger == trigger
    }

    /// The identifier's hash.
    public override var hash: Int { identifier.hashValue }

    /// `<UNNotificationRequest: 0x…; identifier: …, content: <…>, trigger: <…>>`.
    public override var description: String {
        ObjectDescription.of(self, ["identifier": identifier, "content": content, "trigger": trigger])
    }

    /// The engine's form of the request; throws a ``UNError`` for a payload that
    /// is not JSON or a region the engine cannot watch.
    func engineRequest(localizingWith bundle: URL?) throws -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, content: try content.engineContent(localizingWith: bundle),
            trigger: try trigger?.engineTrigger())
    }
}
