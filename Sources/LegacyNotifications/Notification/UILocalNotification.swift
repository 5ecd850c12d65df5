public import Foundation
import NotificationModel
import Synchronization

/// The sound name that plays the system's default notification sound.
public let UILocalNotificationDefaultSoundName = "UILocalNotificationDefaultSoundName"

/// A notification an app schedules for later delivery, shaped like iOS 8's
/// `UILocalNotification`.
///
/// ```swift
/// let notification = UILocalNotification()
/// notification.fireDate = deadline
/// notification.alertBody = "Todo Item \"\(title)\" Is Overdue"
/// notification.soundName = UILocalNotificationDefaultSoundName
/// notification.userInfo = ["UUID": uuid]
/// UIApplication.shared.scheduleLocalNotification(notification)
/// ```
///
/// A mutable `NSObject`, like UIKit's, that may be shared between threads: its
/// properties live under a lock (`@unchecked Sendable` is sound because every
/// stored property is that `Mutex`). Setting a property after scheduling changes
/// nothing already scheduled. It copies (`copy()`, `NSCopying`) and archives
/// (`NSSecureCoding`, with `NSKeyedArchiver`) as on iOS; a `userInfo` that JSON
/// cannot hold is left out of the archive.
///
/// ## Identity
/// Each ``UIApplication/scheduleLocalNotification(_:)`` of an object schedules a
/// new engine request under a new identifier, which the object remembers, so
/// scheduling the same object twice schedules two notifications, as on iOS 8.
/// Objects returned by ``UIApplication/scheduledLocalNotifications`` and handed
/// to the delegate remember the identifier they were read from.
/// ``UIApplication/cancelLocalNotification(_:)`` cancels the requests the object
/// remembers and every other one scheduled from an equal notification.
///
/// ## Equality
/// Two notifications are equal (`isEqual(_:)`, `==`) when every property is:
/// `userInfo` compared as JSON, `timeZone` by identifier, `region` by identifier
/// and geometry. The identifiers an object remembers do not count.
public final class UILocalNotification: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    private let state: Mutex<State>

    private struct State {
        var properties = LocalNotificationProperties()
        var identifiers: [String] = []
    }

    /// A notification with no fire date, alert, sound or badge.
    public override init() {
        state = Mutex(State())
        super.init()
    }

    /// A notification read back from an engine request.
    init(request: NotificationRequest, fireDate: Date?) {
        state = Mutex(
            State(properties: LocalNotificationProperties(request: request, fireDate: fireDate),
                  identifiers: [request.identifier]))
        super.init()
    }

    private init(_ state: State) {
        self.state = Mutex(state)
        super.init()
    }

    // MARK: Copying and archiving

    /// A new notification with the same properties, which also cancels what
    /// this one was scheduled under.
    public func copy(with zone: NSZone? = nil) -> Any {
        UILocalNotification(state.withLock { $0 })
    }

    /// Archives are read back with `decodeObject(of:forKey:)` and secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Writes the properties to an archive.
    public func encode(with coder: NSCoder) {
        let archive = LocalNotificationArchive(properties)
        guard let data = try? JSONEncoder().encode(archive) else { return }
        coder.encode(data as NSData, forKey: LocalNotificationArchive.key)
    }

    /// Reads a notification from an archive written by ``encode(with:)``; `nil`
    /// for an archive that holds none.
    public init?(coder: NSCoder) {
        guard let data = coder.decodeObject(of: NSData.self, forKey: LocalNotificationArchive.key),
            let archive = try? JSONDecoder().decode(LocalNotificationArchive.self, from: data as Data)
        else { return nil }
        state = Mutex(State(properties: archive.properties))
        super.init()
    }

    // MARK: Scheduling

    /// When the notification is delivered; `nil` (or a date in the past) delivers
    /// it at once. Read together with ``timeZone``.
    public var fireDate: Date? {
        get { self[\.fireDate] }
        set { self[\.fireDate] = newValue }
    }

    /// `nil` (the default): ``fireDate`` is an absolute instant, as for a
    /// countdown. A zone: ``fireDate`` is the wall-clock time it has in that zone,
    /// and it keeps that wall-clock time when the device's zone changes, as for
    /// an alarm clock.
    public var timeZone: TimeZone? {
        get { self[\.timeZone] }
        set { self[\.timeZone] = newValue }
    }

    /// Repeats the notification every minute, hour, day, week, month or year
    /// from ``fireDate``; empty (the default) fires once. Other units are refused
    /// when scheduling with ``NotificationError/Code/invalidTrigger``.
    public var repeatInterval: NSCalendar.Unit {
        get { self[\.repeatInterval] }
        set { self[\.repeatInterval] = newValue }
    }

    /// The calendar of the repeats; `nil` means the Gregorian calendar. The
    /// engine repeats in the Gregorian calendar, so scheduling a repeating
    /// notification with another is refused with ``NotificationError/Code/invalidTrigger``.
    public var repeatCalendar: Calendar? {
        get { self[\.repeatCalendar] }
        set { self[\.repeatCalendar] = newValue }
    }

    /// The region whose entry or exit delivers the notification (a
    /// `CLCircularRegion`); a notification has a ``fireDate`` or a region, not both.
    public var region: CLRegion? {
        get { self[\.region] }
        set { self[\.region] = newValue }
    }

    /// Whether the region notification fires only the first time (default `true`)
    /// or on every crossing.
    public var regionTriggersOnce: Bool {
        get { self[\.regionTriggersOnce] }
        set { self[\.regionTriggersOnce] = newValue }
    }

    // MARK: Alert

    /// A short title shown above the body (iOS 8.2).
    public var alertTitle: String? {
        get { self[\.alertTitle] }
        set { self[\.alertTitle] = newValue }
    }

    /// The message shown.
    public var alertBody: String? {
        get { self[\.alertBody] }
        set { self[\.alertBody] = newValue }
    }

    /// The title of the alert's open button ("View List"); kept for round trips.
    public var alertAction: String? {
        get { self[\.alertAction] }
        set { self[\.alertAction] = newValue }
    }

    /// Whether the alert shows its action button (default `true`); kept for round trips.
    public var hasAction: Bool {
        get { self[\.hasAction] }
        set { self[\.hasAction] = newValue }
    }

    /// The launch image shown when the notification opens the app; kept for round trips.
    public var alertLaunchImage: String? {
        get { self[\.alertLaunchImage] }
        set { self[\.alertLaunchImage] = newValue }
    }

    /// The identifier of a registered ``UIUserNotificationCategory`` whose actions
    /// the notification offers; scheduling with one not registered is refused
    /// with ``NotificationError/Code/unknownCategory``.
    public var category: String? {
        get { self[\.category] }
        set { self[\.category] = newValue }
    }

    // MARK: Sound, badge, payload

    /// The sound file to play, ``UILocalNotificationDefaultSoundName`` for the
    /// default sound, or `nil` for none. A sound over 30 s plays the default.
    public var soundName: String? {
        get { self[\.soundName] }
        set { self[\.soundName] = newValue }
    }

    /// The app badge to show when delivered; `0` (the default) leaves the badge as it is.
    public var applicationIconBadgeNumber: Int {
        get { self[\.applicationIconBadgeNumber] }
        set { self[\.applicationIconBadgeNumber] = newValue }
    }

    /// The app's data. It must be JSON: string keys; string, number, boolean,
    /// `NSNull`, array or dictionary values. Anything else is refused when
    /// scheduling with ``NotificationError/Code/invalidPayload``.
    public var userInfo: [AnyHashable: Any]? {
        get { state.withLock { $0.properties.userInfo }.value }
        set {
            let box = UserInfoBox(newValue)
            state.withLock { $0.properties.userInfo = box }
        }
    }

    // MARK: Equality

    /// Whether `object` is a notification whose every property is equal to this one's.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UILocalNotification else { return false }
        return other === self || other.properties.fingerprint == properties.fingerprint
    }

    /// A hash of the properties `isEqual(_:)` compares.
    public override var hash: Int {
        properties.fingerprint.hashValue
    }

    /// `<UILocalNotification: 0x…>{fire date = …, time zone = …, repeat interval = …,
    /// repeat count = UILocalNotificationInfiniteRepeatCount, user info = …}`, as UIKit writes it.
    public override var description: String {
        let properties = properties
        let fields = [
            "fire date = \(ObjectDescription.text(properties.fireDate))",
            "time zone = \(ObjectDescription.text(properties.timeZone?.identifier))",
            "repeat interval = \(properties.repeatInterval.rawValue)",
            "repeat count = UILocalNotificationInfiniteRepeatCount",
            "user info = \(ObjectDescription.text(properties.userInfo.value))",
        ]
        return "<UILocalNotification: \(Unmanaged.passUnretained(self).toOpaque())>{\(fields.joined(separator: ", "))}"
    }

    // MARK: Internal

    private subscript<Value: Sendable>(property: WritableKeyPath<LocalNotificationProperties, Value>) -> Value {
        get { state.withLock { $0.properties[keyPath: property] } }
        set { state.withLock { $0.properties[keyPath: property] = newValue } }
    }

    /// Every property at this moment.
    var properties: LocalNotificationProperties {
        state.withLock { $0.properties }
    }

    /// The engine identifiers this object was scheduled (or read back) under.
    var identifiers: [String] {
        state.withLock { $0.identifiers }
    }

    func remember(_ identifier: String) {
        state.withLock { $0.identifiers.append(identifier) }
    }

    func forget(_ identifiers: Set<String>) {
        state.withLock { $0.identifiers.removeAll(where: identifiers.contains) }
    }
}
