/// Whether an app may use the machine's position, shaped like Core Location's
/// `CLAuthorizationStatus`, with Apple's numbers (``appleValue``).
///
/// An app starts ``notDetermined``; it asks (``LocationAccess``), and the person
/// answers in the web center or the CLI. Location triggers of an app fire only
/// while it is ``authorizedWhenInUse`` or ``authorizedAlways``: as on iOS, where
/// `UNLocationNotificationTrigger` needs when-in-use authorization.
public enum LocationAuthorizationStatus: String, Codable, Sendable, Hashable, CaseIterable {
    /// The app has not asked, or the person has not answered.
    case notDetermined
    /// Location is off for the app by a rule the person cannot change here; Herald
    /// sets it never, it is read from Apple-shaped code.
    case restricted
    /// The person said no.
    case denied
    /// The person lets the app use the position at any time.
    case authorizedAlways
    /// The person lets the app use the position while it is in use: on Herald,
    /// as for Apple's location triggers, enough for them to fire.
    case authorizedWhenInUse

    /// `CLAuthorizationStatus`'s number: notDetermined 0, restricted 1, denied 2,
    /// authorizedAlways 3, authorizedWhenInUse 4.
    public var appleValue: Int32 {
        switch self {
        case .notDetermined: 0
        case .restricted: 1
        case .denied: 2
        case .authorizedAlways: 3
        case .authorizedWhenInUse: 4
        }
    }

    /// The status with Apple's number `value`, `nil` for any other.
    public init?(appleValue value: Int32) {
        guard let status = Self.allCases.first(where: { $0.appleValue == value }) else { return nil }
        self = status
    }

    /// Whether location triggers fire: ``authorizedWhenInUse`` or ``authorizedAlways``.
    public var allowsLocation: Bool {
        self == .authorizedWhenInUse || self == .authorizedAlways
    }
}

/// What an app asks to use the machine's position for, as Core Location's
/// `requestWhenInUseAuthorization()` and `requestAlwaysAuthorization()` ask.
public enum LocationAccess: String, Codable, Sendable, Hashable, CaseIterable {
    /// While the app is in use.
    case whenInUse
    /// At any time.
    case always

    /// The status that grants this access.
    public var grantedStatus: LocationAuthorizationStatus {
        switch self {
        case .whenInUse: .authorizedWhenInUse
        case .always: .authorizedAlways
        }
    }
}

/// An app's location permission as the person gave it, kept in its
/// ``AppNotificationPreferences``: the status, and what the app asks for while
/// the person has not answered.
public struct LocationAuthorization: Codable, Sendable, Hashable {
    /// The person's answer; ``LocationAuthorizationStatus/notDetermined`` until there is one.
    public var status: LocationAuthorizationStatus
    /// What the app asks for and the person has not answered yet; `nil` when it is not asking.
    public var requested: LocationAccess?

    /// A permission with this status and request; the defaults are an app that has not asked.
    public init(status: LocationAuthorizationStatus = .notDetermined, requested: LocationAccess? = nil) {
        self.status = status
        self.requested = requested
    }

    /// Whether the app's request would ask the person now: it is undetermined,
    /// or it has when-in-use and asks for always (iOS asks that once as well).
    public func asks(for access: LocationAccess) -> Bool {
        switch status {
        case .notDetermined: true
        case .authorizedWhenInUse: access == .always
        case .restricted, .denied, .authorizedAlways: false
        }
    }
}
