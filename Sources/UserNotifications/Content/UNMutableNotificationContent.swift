public import Foundation
import Synchronization

/// Content to build a request from: ``UNNotificationContent`` with settable properties.
///
/// ```swift
/// let content = UNMutableNotificationContent()
/// content.title = "Task Reminder"
/// content.body = "Walk Dog!!"
/// content.sound = .default
/// content.categoryIdentifier = "reminder"
/// ```
///
/// A request copies its content, so changing the content afterwards does not
/// change the request. The properties may be set from any thread.
public final class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    /// Empty content.
    public convenience init() {
        self.init(fields: Fields())
    }

    override init(fields: Fields) {
        super.init(fields: fields)
    }

    /// The headline.
    public override var title: String {
        get { super.title }
        set { fields.withLock { $0.title = newValue } }
    }

    /// A second line under the title.
    public override var subtitle: String {
        get { super.subtitle }
        set { fields.withLock { $0.subtitle = newValue } }
    }

    /// The message.
    public override var body: String {
        get { super.body }
        set { fields.withLock { $0.body = newValue } }
    }

    /// The number to show on the app's badge: `0` clears it, `nil` leaves it unchanged.
    public override var badge: NSNumber? {
        get { super.badge }
        set { fields.withLock { $0.badge = newValue } }
    }

    /// The sound to play, or `nil` for none.
    public override var sound: UNNotificationSound? {
        get { super.sound }
        set { fields.withLock { $0.sound = newValue } }
    }

    /// The app's payload: string keys; strings, numbers, booleans, `NSNull`,
    /// arrays and dictionaries as values. Anything else makes `add` fail with
    /// ``UNError/Code/invalidUserInfo``.
    public override var userInfo: [AnyHashable: Any] {
        get { super.userInfo }
        set { fields.withLock { $0.userInfo = UserInfo(newValue) } }
    }

    /// The registered category whose actions the notification offers; empty for none.
    public override var categoryIdentifier: String {
        get { super.categoryIdentifier }
        set { fields.withLock { $0.categoryIdentifier = newValue } }
    }

    /// Groups related notifications; empty for none.
    public override var threadIdentifier: String {
        get { super.threadIdentifier }
        set { fields.withLock { $0.threadIdentifier = newValue } }
    }

    /// How urgently the notification asks for attention: a `.passive` one goes
    /// to the notification center without a banner or a sound.
    public override var interruptionLevel: UNNotificationInterruptionLevel {
        get { super.interruptionLevel }
        set { fields.withLock { $0.interruptionLevel = newValue } }
    }

    /// How the notification ranks in a summary, from 0 to 1; `add` refuses
    /// another value with ``UNError/Code/invalidPayload``.
    public override var relevanceScore: Double {
        get { super.relevanceScore }
        set { fields.withLock { $0.relevanceScore = newValue } }
    }

    /// What the notification opens in the app, handed back with the response.
    public override var targetContentIdentifier: String? {
        get { super.targetContentIdentifier }
        set { fields.withLock { $0.targetContentIdentifier = newValue } }
    }

    /// The Focus filter the notification belongs to.
    public override var filterCriteria: String? {
        get { super.filterCriteria }
        set { fields.withLock { $0.filterCriteria = newValue } }
    }

    /// The text a summary of the thread names this notification by.
    public override var summaryArgument: String {
        get { super.summaryArgument }
        set { fields.withLock { $0.summaryArgument = newValue } }
    }

    /// How many items the notification counts for in a summary.
    public override var summaryArgumentCount: Int {
        get { super.summaryArgumentCount }
        set { fields.withLock { $0.summaryArgumentCount = newValue } }
    }

    /// The image shown while the app opens from the notification.
    public override var launchImageName: String {
        get { super.launchImageName }
        set { fields.withLock { $0.launchImageName = newValue } }
    }

    /// Images, sounds or videos shown with the notification, each checked when it
    /// was made; at most 10 (Herald's limit), with distinct identifiers, or `add`
    /// fails with ``UNError/Code/tooManyAttachments``.
    public override var attachments: [UNNotificationAttachment] {
        get { super.attachments }
        set { fields.withLock { $0.attachments = newValue } }
    }
}
