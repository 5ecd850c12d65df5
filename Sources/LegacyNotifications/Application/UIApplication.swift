import CoreLocation
public import NotificationModel
public import Signals
import Logging
import Synchronization

/// The app, shaped like iOS 8's `UIApplication`: it registers notification
/// settings, schedules and cancels local notifications, sets the badge and hands
/// deliveries and the user's actions to its ``delegate``.
///
/// ```swift
/// UIApplication.configure(appIdentifier: "com.example.shopping", service: engine)
/// let app = UIApplication.shared
/// app.delegate = appDelegate
/// app.registerUserNotificationSettings(
///     UIUserNotificationSettings(types: [.alert, .sound], categories: [category]))
/// app.scheduleLocalNotification(notification)
/// ```
///
/// ## Porting from iOS 8
/// The calls have iOS 8's signatures: synchronous, not throwing. Each waits for
/// the service's answer before it returns, as iOS's own calls wait for the
/// system's, so a read after a write sees the write. Where iOS 8 silently
/// ignored bad input (an unknown category, a `userInfo` that is not a property
/// list, a fifth action), Herald changes nothing and reports a
/// ``NotificationError``: logged, and sent on ``notificationErrors``. The
/// ``throwing`` forms are `async` and throw it, for code that must know, and
/// for `async` code that must not block its thread.
///
/// ## Connection
/// The app connects to the service on its first engine call (or when the
/// delegate is set): from then on deliveries arriving while it is in the
/// foreground and the user's responses reach the delegate, first those the
/// user gave while it was not running. Use one `UIApplication` per app
/// identifier. An app that also sets a `UNUserNotificationCenter` delegate, as
/// iOS 10+ apps do, has notifications and responses go to that delegate
/// instead, and background pushes still to this one
/// (``NotificationModel/AppHandlerRole/application``).
///
/// Delegate methods are called synchronously on the thread the engine delivers
/// on, never while the application holds its lock, so they may read
/// ``applicationState`` and ``delegate``.
public final class UIApplication: Sendable {
    /// The app whose notifications this object manages.
    public let appIdentifier: AppIdentifier
    let service: any NotificationService
    let runtime: Mutex<Runtime>
    let logger: Logger

    struct Runtime {
        var state: State = .background
        var delegate = WeakDelegate()
        /// The app's categories, to tell whether an action opens the app.
        var categories: [String: NotificationCategory] = [:]
        var connecting: Task<Void, any Error>?
        var connection: (any Disposable)?
        /// The user's answer to the last registration, while it is awaited.
        var authorizing: Task<Bool, any Error>?
        var registrations = 0
        /// Set while ``launch(with:)`` runs.
        var launch: Launch?
        /// The raw `UIRemoteNotificationType` the last
        /// ``registerForRemoteNotifications(matching:)`` asked for.
        var remoteNotificationTypes: UInt = 0
    }

    /// The delegate, held weakly. Apple's delegate protocol does not require
    /// `Sendable`; the application hands the reference between threads and calls
    /// the delegate as its protocol documents.
    struct WeakDelegate: @unchecked Sendable {
        weak var value: (any UIApplicationDelegate)?
    }

    let errorSubject = Subject<NotificationError, Never>()

    /// An application for one app of a service. Most programs call
    /// ``configure(appIdentifier:service:)`` once and use ``shared``; tests and
    /// programs hosting several apps create their own.
    public init(appIdentifier: AppIdentifier, service: any NotificationService) {
        self.appIdentifier = appIdentifier
        self.service = service
        runtime = Mutex(Runtime())
        var logger = Logger(label: "Herald.LegacyNotifications")
        logger[metadataKey: "app"] = "\(appIdentifier.rawValue)"
        self.logger = logger
    }

    deinit {
        runtime.withLock { $0.connection?.dispose() }
    }

    // MARK: The shared application

    private static let configured = Mutex<UIApplication?>(nil)

    /// Creates the process's ``shared`` application. Call it once, before the
    /// first use of ``shared``; a second call stops the program.
    ///
    /// A service that handles location (a `LocationAuthorizationService`, as the
    /// engine and the daemon's are) also becomes Core Location's, for
    /// `CLLocationManager()`, unless `CLLocationManager.configure(appIdentifier:service:)`
    /// was called first.
    public static func configure(appIdentifier: AppIdentifier, service: any NotificationService) {
        configured.withLock { shared in
            precondition(
                shared == nil,
                "UIApplication.configure(appIdentifier:service:) was called twice; the shared application is \(shared?.appIdentifier.rawValue ?? "")"
            )
            shared = UIApplication(appIdentifier: appIdentifier, service: service)
        }
        CLLocationManager.configureIfUnset(appIdentifier: appIdentifier.rawValue, service: service)
    }

    /// The process's application, as created by ``configure(appIdentifier:service:)``.
    /// Using it before `configure` stops the program.
    public static var shared: UIApplication {
        guard let application = configured.withLock({ $0 }) else {
            preconditionFailure(
                "UIApplication.shared was used before UIApplication.configure(appIdentifier:service:) was called")
        }
        return application
    }

    // MARK: Delegate

    /// The object that receives deliveries and the user's actions. Held weakly,
    /// as UIKit does; setting it connects the app to the service.
    public var delegate: (any UIApplicationDelegate)? {
        get { runtime.withLock { $0.delegate }.value }
        set {
            let reference = WeakDelegate(value: newValue)
            runtime.withLock { $0.delegate = reference }
            if newValue != nil { _ = connectionTask() }
        }
    }

    // MARK: Errors

    /// Every failure of a notification call, which iOS 8's signatures cannot
    /// report, as it happens: the ``NotificationError`` the ``throwing`` form
    /// would have thrown. Failures are also logged. A Herald addition.
    ///
    /// ```swift
    /// UIApplication.shared.notificationErrors.subscribeNext { error in print(error) }
    /// ```
    public var notificationErrors: Signal<NotificationError, Never> {
        errorSubject.signal
    }

    /// Runs a call's work, waiting for it; a failure is reported and gives `nil`.
    @discardableResult
    func run<T: Sendable>(_ what: String, _ work: @escaping @Sendable () async throws -> T) -> T? {
        do {
            return try BlockingCall.wait(work)
        } catch {
            report(error, what)
            return nil
        }
    }

    /// A failure no caller can see: logged, and sent on ``notificationErrors``.
    func report(_ error: any Error, _ what: String) {
        let error = NotificationError(reporting: error)
        logger.error("\(what) failed: \(error)")
        errorSubject.send(error)
    }

    // MARK: Connection

    /// Connects the app's handler to the service once; every engine call awaits it.
    func connected() async throws {
        try await connectionTask().value
    }

    private func connectionTask() -> Task<Void, any Error> {
        runtime.withLock { runtime in
            if let task = runtime.connecting { return task }
            let task = BlockingCall.start { try await self.connect() }
            runtime.connecting = task
            return task
        }
    }

    private func connect() async throws {
        do {
            let categories = try await service.categories(for: appIdentifier)
            cache(categories)
            let connection = try await service.connect(ApplicationHandler(application: self), for: appIdentifier)
            runtime.withLock { $0.connection = connection }
        } catch {
            runtime.withLock { $0.connecting = nil }
            throw error
        }
    }

    func cache(_ categories: [NotificationCategory]) {
        let byIdentifier = Dictionary(categories.map { ($0.identifier, $0) }, uniquingKeysWith: { _, last in last })
        runtime.withLock { $0.categories = byIdentifier }
    }
}
