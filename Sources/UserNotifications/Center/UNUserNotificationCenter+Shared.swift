import CoreLocation
public import NotificationModel
import Synchronization

extension UNUserNotificationCenter {
    private static let shared = Mutex<UNUserNotificationCenter?>(nil)

    /// Sets up the process's center, the one ``current()`` returns: the app it
    /// acts for and the service behind it. Call it once as the program starts,
    /// before any code calls ``current()``.
    ///
    /// Calling it again with the same app identifier and the same service object
    /// returns the same center; with another app or service it throws
    /// ``UNError/Code/centerAlreadyConfigured`` and changes nothing — a process
    /// has one shared center (create others with ``init(appIdentifier:service:)``).
    ///
    /// A service that handles location (a `LocationAuthorizationService`, as the
    /// engine and the daemon's are) also becomes Core Location's, for
    /// `CLLocationManager()`, unless `CLLocationManager.configure(appIdentifier:service:)`
    /// was called first.
    @discardableResult
    public static func configure(appIdentifier: String, service: any NotificationService) throws
        -> UNUserNotificationCenter
    {
        try shared.withLock { shared in
            if let center = shared {
                guard center.appIdentifier == appIdentifier, center.service as AnyObject === service as AnyObject else {
                    throw UNError(
                        .centerAlreadyConfigured,
                        "the shared center is already configured for \(center.appIdentifier); "
                            + "create another center with UNUserNotificationCenter(appIdentifier:service:)")
                }
                return center
            }
            let center = UNUserNotificationCenter(appIdentifier: appIdentifier, service: service)
            shared = center
            CLLocationManager.configureIfUnset(appIdentifier: appIdentifier, service: service)
            return center
        }
    }

    /// The process's center, set up by ``configure(appIdentifier:service:)``.
    ///
    /// Calling it before `configure` is a programming error and stops the program.
    public static func current() -> UNUserNotificationCenter {
        guard let center = shared.withLock({ $0 }) else {
            preconditionFailure(
                "UNUserNotificationCenter.current() called before UNUserNotificationCenter.configure(appIdentifier:service:)")
        }
        return center
    }
}
