public import Foundation
import NotificationModel
import Synchronization

/// What a notification shows: read-only. Build content with
/// ``UNMutableNotificationContent``; a delivered notification's
/// `request.content` is a `UNNotificationContent`.
///
/// The `userInfo` payload travels as JSON: its keys must be strings and its
/// values strings, numbers, booleans, `NSNull`, arrays and dictionaries of
/// those. Numbers read back as `NSNumber`, dictionaries as `[String: Any]`.
///
/// An `NSObject`, as Apple's: `copy()` gives immutable content, `mutableCopy()`
/// a ``UNMutableNotificationContent`` (as a notification service extension
/// does with `request.content.mutableCopy() as! UNMutableNotificationContent`);
/// two contents are equal (`isEqual(_:)`, `==`) when every property is, whether
/// mutable or not (`userInfo` compared as JSON); `description` lists the properties.
public class UNNotificationContent: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    // Sendable: the fields live in a Mutex; only `UNMutableNotificationContent` changes them.
    let fields: Mutex<Fields>

    /// Empty content.
    public override convenience init() {
        self.init(fields: Fields())
    }

    init(fields: Fields) {
        self.fields = Mutex(fields)
        super.init()
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
    /// How urgently the notification asks for attention: a `.passive` one goes
    /// to the notification center without a banner or a sound.
    public var interruptionLevel: UNNotificationInterruptionLevel { fields.withLock { $0.interruptionLevel } }
    /// How the notification ranks in a summary, from 0 to 1.
    public var relevanceScore: Double { fields.withLock { $0.relevanceScore } }
    /// What the notification opens in the app, handed back with the response.
    public var targetContentIdentifier: String? { fields.withLock { $0.targetContentIdentifier } }
    /// The Focus filter the notification belongs to.
    public var filterCriteria: String? { fields.withLock { $0.filterCriteria } }
    /// The text a summary of the thread names this notification by.
    public var summaryArgument: String { fields.withLock { $0.summaryArgument } }
    /// How many items the notification counts for in a summary.
    public var summaryArgumentCount: Int { fields.withLock { $0.summaryArgumentCount } }
    /// The image shown while the app opens from the notification.
    public var launchImageName: String { fields.withLock { $0.launchImageName } }
    /// Images, sounds or videos shown with the notification.
    public var attachments: [UNNotificationAttachment] { fields.withLock { $0.attachments } }

    /// An immutable copy (`UNNotificationContent`), what `copy()` returns.
    public func copy(with zone: NSZone? = nil) -> Any {
        immutableCopy()
    }

    /// A mutable copy (`UNMutableNotificationContent`), what `mutableCopy()` returns.
    public func mutableCopy(with zone: NSZone? = nil) -> Any {
        UNMutableNotificationContent(fields: fields.withLock { $0 })
    }

    /// A mutable copy, a ``UNMutableNotificationContent``, as `NSObject`'s
    /// `mutableCopy()` gives:
    ///
    /// ```swift
    /// let best = request.content.mutableCopy() as! UNMutableNotificationContent
    /// ```
    public override func mutableCopy() -> Any {
        mutableCopy(with: nil)
    }

    /// Whether `object` is content (mutable or not) with the same properties.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationContent else { return false }
        if other === self { return true }
        return fields.withLock { $0 }.isEqual(to: other.fields.withLock { $0 })
    }

    /// A hash of the texts and the category, which `isEqual(_:)` compares.
    public override var hash: Int {
        fields.withLock { fields in
            var hasher = Hasher()
            hasher.combine(fields.title)
            hasher.combine(fields.subtitle)
            hasher.combine(fields.body)
            hasher.combine(fields.categoryIdentifier)
            return hasher.finalize()
        }
    }

    /// `<UNNotificationContent: 0x…; title: …, subtitle: …, body: …, …>`, each property.
    public override var description: String {
        let fields = fields.withLock { $0 }
        return ObjectDescription.of(self, [
            "title": fields.title, "subtitle": fields.subtitle, "body": fields.body,
            "categoryIdentifier": fields.categoryIdentifier, "launchImageName": fields.launchImageName,
            "threadIdentifier": fields.threadIdentifier, "attachments": fields.attachments,
            "badge": fields.badge, "sound": fields.sound, "userInfo": fields.userInfo.values,
            "interruptionLevel": fields.interruptionLevel.rawValue, "relevanceScore": fields.relevanceScore,
            "targetContentIdentifier": fields.targetContentIdentifier, "filterCriteria": fields.filterCriteria,
            "summaryArgument": fields.summaryArgument, "summaryArgumentCount": fields.summaryArgumentCount,
        ])
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
        var interruptionLevel = UNNotificationInterruptionLevel.active
        var relevanceScore = 0.0
        var targetContentIdentifier: String?
        var filterCriteria: String?
        var summaryArgument = ""
        var summaryArgumentCount = 0
        var launchImageName = ""
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
    /// when the payload is not JSON. Texts from `localizedUserNotificationString`
    /// carry their formats from `bundle`'s `Localizable.strings`.
    func engineContent(localizingWith bundle: URL?) throws -> NotificationContent {
        let fields = fields.withLock { $0 }
        var localizations: [LocalizedString] = []
        let title = DeferredLocalization.engineText(fields.title, localizations: &localizations, bundle: bundle)
        let subtitle = DeferredLocalization.engineText(fields.subtitle, localizations: &localizations, bundle: bundle)
        let body = DeferredLocalization.engineText(fields.body, localizations: &localizations, bundle: bundle)
        return NotificationContent(
            title: title, subtitle: subtitle, body: body,
            badge: fields.badge?.intValue, sound: fields.sound?.sound,
            userInfo: try fields.userInfo.json(),
            categoryIdentifier: fields.categoryIdentifier, threadIdentifier: fields.threadIdentifier,
            interruptionLevel: fields.interruptionLevel.engineLevel, relevanceScore: fields.relevanceScore,
            targetContentIdentifier: fields.targetContentIdentifier ?? "", filterCriteria: fields.filterCriteria ?? "",
            summaryArgument: fields.summaryArgument, summaryArgumentCount: fields.summaryArgumentCount,
            launchImageName: fields.launchImageName, localizations: localizations,
            attachments: fields.attachments.map(\.attachment))
    }
}

extension UNNotificationContent.Fields {
    init(_ content: NotificationContent) {
        title = DeferredLocalization.appText(content.title, localizations: content.localizations)
        subtitle = DeferredLocalization.appText(content.subtitle, localizations: content.localizations)
        body = DeferredLocalization.appText(content.body, localizations: content.localizations)
        badge = content.badge.map { NSNumber(value: $0) }
        sound = content.sound.map(UNNotificationSound.init)
        userInfo = UserInfo(json: content.userInfo)
        categoryIdentifier = content.categoryIdentifier
        threadIdentifier = content.threadIdentifier
        interruptionLevel = UNNotificationInterruptionLevel(content.interruptionLevel)
        relevanceScore = content.relevanceScore
        targetContentIdentifier = content.targetContentIdentifier.isEmpty ? nil : content.targetContentIdentifier
        filterCriteria = content.filterCriteria.isEmpty ? nil : content.filterCriteria
        summaryArgument = content.summaryArgument
        summaryArgumentCount = content.summaryArgumentCount
        launchImageName = content.launchImageName
        attachments = content.attachments.map(UNNotificationAttachment.init(attachment:))
    }

    /// Whether every property is equal: `userInfo` as JSON, the rest by value.
    func isEqual(to other: Self) -> Bool {
        title == other.title && subtitle == other.subtitle && body == other.body && badge == other.badge
            && sound == other.sound && userInfo.isEqual(to: other.userInfo)
            && categoryIdentifier == other.categoryIdentifier && threadIdentifier == other.threadIdentifier
            && interruptionLevel == other.interruptionLevel && relevanceScore == other.relevanceScore
            && targetContentIdentifier == other.targetContentIdentifier && filterCriteria == other.filterCriteria
            && summaryArgument == other.summaryArgument && summaryArgumentCount == other.summaryArgumentCount
            && launchImageName == other.launchImageName && attachments == other.attachments
    }
}
