public import NotificationModel

/// Whether the app may use the machine's position, with Core Location's cases
/// and numbers; Herald's ``NotificationModel/LocationAuthorizationStatus`` under
/// Apple's name.
public enum CLAuthorizationStatus: Int32, Sendable {
    /// The person has not chosen whether the app may use the position.
    case notDetermined = 0
    /// The app may not use the position, by a rule the person cannot change
    /// (Herald never sets it).
    case restricted = 1
    /// The person said no, or location is off for the app.
    case denied = 2
    /// The person lets the app use the position at any time.
    case authorizedAlways = 3
    /// The person lets the app use the position while it is in use; enough for
    /// location triggers to fire.
    case authorizedWhenInUse = 4

    /// The person authorized the app: ``authorizedAlways``, under its iOS 2 name.
    @available(*, deprecated, renamed: "authorizedAlways")
    public static var authorized: CLAuthorizationStatus {
        .authorizedAlways
    }

    /// The status of Herald's `status`. A Herald addition.
    public init(_ status: LocationAuthorizationStatus) {
        switch status {
        case .notDetermined: self = .notDetermined
        case .restricted: self = .restricted
        case .denied: self = .denied
        case .authorizedAlways: self = .authorizedAlways
        case .authorizedWhenInUse: self = .authorizedWhenInUse
        }
    }

    /// Herald's form of the status. A Herald addition.
    public var locationAuthorizationStatus: LocationAuthorizationStatus {
        switch self {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorizedAlways: .authorizedAlways
        case .authorizedWhenInUse: .authorizedWhenInUse
        }
    }
}
