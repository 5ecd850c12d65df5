public import Foundation
import Logging
public import NotificationModel
public import Signals
import Synchronization

/// The app's access to location services, shaped like Core Location's
/// `CLLocationManager`: ask for authorization, read it, and hear its changes
/// through a ``delegate``.
///
/// ```swift
/// try UNUserNotificationCenter.configure(appIdentifier: "com.example.shop", service: engine)
/// let manager = CLLocationManager()  // configured with the center
/// manager.delegate = placeReminders
/// manager.requestWhenInUseAuthorization()
/// ```
///
/// The person answers the app's ask in the web center or the CLI; the delegate
/// hears the status when it is first known and at every change, on the main
/// queue (see ``CLLocationManagerDelegate``). ``authorizationStatus`` is
/// ``CLAuthorizationStatus/notDetermined`` until the service's answer arrives;
/// the delegate's first call brings the real one, so read it there, as Apple
/// advises. A request the service refuses or cannot take is logged and sent on
/// ``errors``: Apple's requests have no error channel.
///
/// The manager works over any ``NotificationModel/LocationAuthorizationService``:
/// the engine in process, or the Herald daemon. It handles authorization only:
/// positions reach the engine from its host (GeoClue for the daemon), and
/// location triggers (`UNLocationNotificationTrigger`) fire from them.
open class CLLocationManager: NSObject, @unchecked Sendable {
    // @unchecked Sendable: every mutable state is in a Mutex; the rest are lets of Sendable types.

    /// The app this manager acts for. A Herald addition.
    public let appIdentifier: String

    let monitor: AuthorizationMonitor
    let logger: Logger
    private let delegation = Mutex(Delegation())
    private let lastRequest = Mutex<Task<Void, Never>?>(nil)
    private let errorSubject = Subject<any Error, Never>()

    /// A manager for the app and service set up by ``configure(appIdentifier:service:)``
    /// (or by `UNUserNotificationCenter`'s or `UIApplication`'s `configure`).
    ///
    /// Creating one before that is a programming error and stops the program.
    public override convenience init() {
        guard let configured = Self.configuration else {
            preconditionFailure(
                "CLLocationManager() created before CLLocationManager.configure(appIdentifier:service:) "
                    + "(or UNUserNotificationCenter.configure(appIdentifier:service:)) was called")
        }
        self.init(appIdentifier: configured.appIdentifier, service: configured.monitor.service)
    }

    /// A manager for `appIdentifier` over `service`, for a process that serves
    /// several apps, or tests. A Herald addition.
    public init(appIdentifier: String, service: any LocationAuthorizationService) {
        self.appIdentifier = appIdentifier
        let app = AppIdentifier(appIdentifier)
        monitor = AuthorizationMonitor(app: app, service: service, known: Self.knownAuthorization(of: app, on: service))
        var logger = Logger(label: "Herald.CoreLocation")
        logger[metadataKey: "app"] = "\(appIdentifier)"
        self.logger = logger
        super.init()
        monitor.start { [weak self] in
            self?.informDelegate()
        } onError: { [weak self] error in
            self?.report(error, "reading the location authorization")
        }
    }

    /// The object that hears the app's authorization status; held weakly. Set
    /// it as the manager is created: it hears the status as soon as it is known.
    open var delegate: (any CLLocationManagerDelegate)? {
        get { delegation.withLock { $0.delegate }.value }
        set {
            delegation.withLock { $0.delegate = WeakDelegate(value: newValue) }
            informDelegate()
        }
    }

    /// The app's authorization status: ``CLAuthorizationStatus/notDetermined``
    /// until the service's answer arrives (the delegate hears it then).
    open var authorizationStatus: CLAuthorizationStatus {
        CLAuthorizationStatus(monitor.status ?? .notDetermined)
    }

    /// Asks the person to let the app use the position while it is in use; the
    /// delegate hears the answer. Does nothing once the person has answered.
    open func requestWhenInUseAuthorization() {
        request(.whenInUse)
    }

    /// Asks the person to let the app use the position at any time; the delegate
    /// hears the answer. An app with when-in-use authorization may ask this once.
    open func requestAlwaysAuthorization() {
        request(.always)
    }

    /// Every failure of a request or a read, as it happens; they are also
    /// logged. A Herald addition.
    public var errors: Signal<any Error, Never> {
        errorSubject.signal
    }

    /// Waits until the requests made so far have reached the service. A Herald
    /// addition, for programs and tests that act after the ask is noted.
    public func waitForRequests() async {
        await lastRequest.withLock { $0 }?.value
    }

    private func request(_ access: LocationAccess) {
        lastRequest.withLock { last in
            let previous = last
            last = Task { [self] in
                await previous?.value
                do {
                    try await monitor.service.requestLocationAuthorization(access, for: monitor.app)
                } catch {
                    report(error, "asking for location authorization (\(access.rawValue))")
                }
            }
        }
    }

    private func report(_ error: any Error, _ doing: String) {
        logger.error("\(doing) failed: \(error)")
        errorSubject.send(error)
    }

    /// Calls the delegate on the main queue with the status, unless it heard this one already.
    private func informDelegate() {
        guard monitor.status != nil else { return }
        DispatchQueue.main.async { [self] in
            guard let delegate else { return }
            let status = authorizationStatus
            let heard = Heard(delegate: ObjectIdentifier(delegate), status: status)
            let isNew = delegation.withLock { state in
                defer { state.heard = heard }
                return state.heard != heard
            }
            guard isNew else { return }
            delegate.locationManagerDidChangeAuthorization(self)
            DeprecatedDelegateCalls.current.didChangeAuthorization(status, of: self, to: delegate)
        }
    }
}

extension CLLocationManager {
    /// The delegate and what it heard last.
    struct Delegation {
        var delegate = WeakDelegate()
        var heard: Heard?
    }

    /// A delegate held weakly. `@unchecked Sendable`: the delegate is handed to
    /// the main queue although Apple's protocol does not require it to be
    /// `Sendable`; Herald calls it there only, as documented on the protocol.
    struct WeakDelegate: @unchecked Sendable {
        weak var value: (any CLLocationManagerDelegate)?
    }

    /// A status a delegate was told.
    struct Heard: Equatable {
        var delegate: ObjectIdentifier
        var status: CLAuthorizationStatus
    }
}
