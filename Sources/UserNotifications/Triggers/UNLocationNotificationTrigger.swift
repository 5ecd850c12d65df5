import NotificationModel

/// Fires when the device enters or leaves a region, once or every time.
///
/// ```swift
/// let store = CLCircularRegion(
///     center: CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405),
///     radius: 100, identifier: "grocery")
/// store.notifyOnExit = false
/// let trigger = UNLocationNotificationTrigger(region: store, repeats: false)
/// ```
///
/// The trigger keeps a copy of the region taken when it is created. The engine
/// learns positions from its location provider; a region it cannot watch makes
/// ``UNUserNotificationCenter/add(_:)`` throw ``UNError/Code/invalidRegion``.
public final class UNLocationNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The watched region: a ``CLCircularRegion``.
    public let region: CLRegion

    /// A trigger firing when the device crosses `region`'s border, as its
    /// `notifyOnEntry` and `notifyOnExit` say.
    public init(region: CLRegion, repeats: Bool) {
        self.region = Self.copy(of: region)
        super.init(repeats: repeats, scheduledFireDate: nil)
    }

    init(_ trigger: LocationTrigger) {
        region = CLCircularRegion(trigger.region)
        super.init(repeats: trigger.repeats, scheduledFireDate: nil)
    }

    /// Whether `object` is a location trigger watching an equal region with the same repetition.
    public override func isEqual(_ object: Any?) -> Bool {
        super.isEqual(object) && (object as? UNLocationNotificationTrigger)?.region == region
    }

    override func combineProperties(into hasher: inout Hasher) {
        hasher.combine(region.hash)
    }

    /// `<UNLocationNotificationTrigger: 0x…; repeats: NO, region: CLCircularRegion (…)>`.
    public override var description: String {
        ObjectDescription.of(self, ["repeats": repeats, "region": region])
    }

    override func engineTrigger() throws -> NotificationTrigger {
        guard let circle = region as? CLCircularRegion else {
            throw UNError(.invalidRegion, "a location trigger needs a CLCircularRegion, not a \(type(of: region))")
        }
        return .location(LocationTrigger(region: circle.region, repeats: repeats))
    }

    private static func copy(of region: CLRegion) -> CLRegion {
        guard let circle = region as? CLCircularRegion else { return region }
        return CLCircularRegion(circle.region)
    }
}
