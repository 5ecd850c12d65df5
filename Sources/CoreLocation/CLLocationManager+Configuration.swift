import Logging
public import NotificationModel
import Synchronization

extension CLLocationManager {
    /// The app and service ``init()`` uses, with the monitor the class methods read.
    struct Configuration: Sendable {
        let appIdentifier: String
        let monitor: AuthorizationMonitor
    }

    private static let configured = Mutex<Configuration?>(nil)

    static var configuration: Configuration? {
        configured.withLock { $0 }
    }

    /// Sets up the app and service that managers created with ``init()`` act for,
    /// and that the class methods read. Call it once as the program starts. A
    /// Herald addition: Apple's manager knows its app from the bundle.
    ///
    /// `UNUserNotificationCenter.configure(appIdentifier:service:)` and
    /// `UIApplication.configure(appIdentifier:service:)` call it for a service
    /// that handles location, so an app that configured its center needs nothing
    /// more. Calling it again for the same app and service object does nothing;
    /// with another app or service it is a programming error and stops the program.
    public static func configure(appIdentifier: String, service: any LocationAuthorizationService) {
        configured.withLock { configured in
            if let existing = configured {
                precondition(
                    existing.appIdentifier == appIdentifier && existing.monitor.service as AnyObject === service as AnyObject,
                    "CLLocationManager.configure(appIdentifier:service:) was called again with another app or service; "
                        + "it is configured for \(existing.appIdentifier)")
                return
            }
            configured = start(appIdentifier: appIdentifier, service: service)
        }
    }

    /// Sets up ``init()``'s app and service from `service`, if it handles location
    /// and nothing was configured yet: what the notification centers' `configure` call.
    package static func configureIfUnset(appIdentifier: String, service: any NotificationService) {
        guard let service = service as? any LocationAuthorizationService else { return }
        configured.withLock { configured in
            if configured == nil { configured = start(appIdentifier: appIdentifier, service: service) }
        }
    }

    private static func start(appIdentifier: String, service: any LocationAuthorizationService) -> Configuration {
        let monitor = AuthorizationMonitor(app: AppIdentifier(appIdentifier), service: service)
        var logger = Logger(label: "Herald.CoreLocation")
        logger[metadataKey: "app"] = "\(appIdentifier)"
        monitor.start(onChange: {}) { [logger] error in
            logger.error("reading the location authorization for the class methods failed: \(error)")
        }
        return Configuration(appIdentifier: appIdentifier, monitor: monitor)
    }

    /// What the configured monitor knows of `app`'s permission on `service`, for a new manager to start from.
    static func knownAuthorization(
        of app: AppIdentifier, on service: any LocationAuthorizationService
    ) -> LocationAuthorization? {
        guard let configuration, configuration.monitor.app == app,
            configuration.monitor.service as AnyObject === service as AnyObject
        else { return nil }
        return configuration.monitor.authorization
    }

    /// The configured app's authorization status, as ``authorizationStatus``
    /// reads it. Calling it before ``configure(appIdentifier:service:)`` stops the program.
    @available(*, deprecated, message: "Use the authorizationStatus property")
    public class func authorizationStatus() -> CLAuthorizationStatus {
        CLAuthorizationStatus(configuredMonitor().status ?? .notDetermined)
    }

    /// Whether the service gets the machine's position at all: `false` when the
    /// daemon runs with `--location off`; `true` until the service has said.
    /// Calling it before ``configure(appIdentifier:service:)`` stops the program.
    public class func locationServicesEnabled() -> Bool {
        configuredMonitor().servicesEnabled ?? true
    }

    private static func configuredMonitor() -> AuthorizationMonitor {
        guard let configuration else {
            preconditionFailure(
                "CLLocationManager's class methods used before CLLocationManager.configure(appIdentifier:service:) "
                    + "(or UNUserNotificationCenter.configure(appIdentifier:service:)) was called")
        }
        return configuration.monitor
    }
}
