public import Foundation
import NotificationEngine
import Synchronization

/// What a notification shows: read-only. Build content with
/// ``UNMutableNotificationContent``; a delivered notification's
/// `request.content` is a `UNNotificationContent`.
///
/// The `userInfo` payload travels as JSON: its keys must be strings and its
/// values strings, numbers, booleans, `NSNull`, arrays and dictionaries of
/// those. Numbers read back as `NSNumber`, dictionaries as `[String: Any]`.
public class UNNotificationContent: @unchecked Sendable {
    // Sendable: the fields live in a Mutex; only `UNMutableNotificationContent` changes them.
    let fields: Mutex<Fields>

    /// Empty content.
    public convenience init() {
        self.init(fields: Fields())
    }

    init(fields: Fields) {
        self.fields = Mutex(fields)
    }

    /// The headline.
    public var title: String { fields.withLock { $0.title } }
    /// A second line under the title.
    public var subtitle: String { fields.withLock { $0.subtitle } }
    /// The message.
    public var body: String { fields.withLock { $0.body } }
    /// The number to show on the app's badge: `0` clears it, `nil` leaves it unchanged.
    public var badge: NSNumber? { fields.withLock { $0.badge } }
    /// The sound to play, or `nil` for none.
    public var sound: UNNotificationSound? { fields.withLock { $0.sound } }
    /// The app's payload.
    public var userInfo: [AnyHashable: Any] { fields.withLock { $0.userInfo.values } }
    /// The registered category whose actions the notification offers; empty for none.
    public var categoryIdentifier: String { fields.withLock { $0.categoryIdentifier } }
    /// Groups related notifications; empty for none.
    public var threadIdentifier: String { fields.withLock { $0.threadIdentifier } }
    /// Images, sounds or videos shown with the notification.
    public var attachments: [UNNotificationAttachment] { fields.withLock { $0.attachments } }

    /// An immutable copy (`UNNotificationContent`).
    public func copy() -> Any {
        immutableCopy()
    }

    /// A mutable copy (`UNMutableNotificationContent`).
    public func mutableCopy() -> Any {
        UNMutableNotificationContent(fields: fields.withLock { $0 })
    }
}

extension UNNotificationContent {
    /// The stored properties, all of them values.
    struct Fields: @unchecked Sendable {
        // Sendable: `userInfo` holds the app's values; they are read and replaced
        // only under the content's lock.
        var title = ""
        var subtitle = ""
        var body = ""
        var badge: NSNumber?
        var sound: UNNotificationSound?
        var userInfo = UserInfo()
        var categoryIdentifier = ""
        var threadIdentifier = ""
        var attachments: [UNNotificationAttachment] = []
    }

    /// A copy that does not change when this content does.
    func immutableCopy() -> UNNotificationContent {
        UNNotificationContent(fields: fields.withLock { $0 })
    }

    /// The facade's form of engine content.
    convenience init(_ content: NotificationContent) {
        self.init(fields: Fields(content))
    }

    /// The engine's form of this content; throws ``UNError/Code/invalidUserInfo``
    /// when the payload is not JSON.
    func engineContent() throws -> NotificationContent {
        let fields = fields.withLock { $0 }
        return NotificationContent(
            title: fields.title, subtitle: fields.subtitle, body: fields.body,
            badge: fields.badge?.intValue, sound: fields.sound?.sound,
            userInfo: try fields.userInfo.json(),
            categoryIdentifier: fields.categoryIdentifier, threadIdentifier: fields.threadIdentifier,
            attachments: fields.attachments.map(\.attachment))
    }
}

extension UNNotificationContent.Fields {
    init(_ content: NotificationContent) {
        title = content.title
        subtitle = content.subtitle
        body = content.body
        badge = content.badge.map { NSNumber(value: $0) }
        sound = content.sound.map(UNNotificationSound.init)
        userInfo = UserInfo(json: content.userInfo)
        categoryIdentifier = content.categoryIdentifier
        threadIdentifier = content.threadIdentifier
        attachments = content.attachments.map(UNNotificationAttachment.init(attachment:))
    }
}
