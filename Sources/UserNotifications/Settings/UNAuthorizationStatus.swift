import NotificationModel

/// Whether the app may post notifications, with Apple's raw values.
public enum UNAuthorizationStatus: Int, Sendable, Hashable {
    /// The app has not asked yet.
    case notDetermined = 0
    /// The user (or the deployment's policy) said no.
    case denied = 1
    /// The user (or the deployment's policy) said yes.
    case authorized = 2
    /// Apple's quiet, provisional authorization. Herald never reports it; the case
    /// exists so that code switching over Apple's statuses compiles unchanged.
    case provisional = 3
    /// Apple's App Clip authorization. Herald never reports it; the case exists so
    /// that code switching over Apple's statuses compiles unchanged.
    case ephemeral = 4

    init(_ status: AuthorizationStatus) {
        switch status {
        case .notDetermined: self = .notDetermined
        case .denied: self = .denied
        case .authorized: self = .authorized
        case .provisional: self = .provisional
        }
    }
}
