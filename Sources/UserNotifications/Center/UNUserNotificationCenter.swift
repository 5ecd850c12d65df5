public import Foundation
public import NotificationModel
import Logging
public import Signals
import Synchronization

/// The app's notification center, shaped like Apple's: request authorization,
/// register categories, schedule and remove requests, read what was delivered,
/// set the badge, and receive the user's responses through a ``delegate``.
///
/// ```swift
/// let engine = try NotificationEngine(store: .sqlite(path: "herald.sqlite"), scheduler: QueueScheduler())
/// try UNUserNotificationCenter.configure(appIdentifier: "com.example.nagme", service: engine)
///
/// let center = UNUserNotificationCenter.current()
/// center.delegate = appDelegate
/// if try await center.requestAuthorization(options: [.alert, .sound]) {
///     try await center.add(request)
/// }
/// ```
///
/// Every method has Apple's signatures: the completion-handler form and the
/// `async` form, throwing where Apple's throws; the engine's errors arrive as
/// ``UNError``. Operations run one at a time in the order they were called,
/// including the fire-and-forget ones (``removePendingNotificationRequests(withIdentifiers:)``
/// and the like), so a query sees the effect of every call made before it.
/// Where Apple's signature has no error channel, a failure is logged and sent on
/// ``errors``, and ``throwing`` has a form of the call that throws.
/// Completion handlers run on a background task, as on Apple's platforms.
///
/// The center works over any ``NotificationModel/NotificationService``: the
/// engine in process, or the Herald daemon.
///
/// The completion-handler forms are `@preconcurrency`, as Apple's are in Swift
/// (Objective-C imports): their handlers are `@Sendable`, but an app that
/// forwards a handler declared without `@Sendable`, or captures a non-`Sendable`
/// object in one, compiles without a diagnostic in Swift 5 mode and with a
/// warning, not an error, in Swift 6 mode — as against Apple's SDK.
///
/// An `NSObject`, as Apple's, compared by identity.
public final class UNUserNotificationCenter: NSObject, Sendable {
    /// The app this center acts for, like a bundle identifier.
    public let appIdentifier: String

    let app: AppIdentifier
    let service: any NotificationService
    let queue = SerialOperationQueue()
    let delegateCalls = DelegateCallTracker()
    let errorSubject = Subject<UNError, Never>()
    let logger: Logger
    /// Where `localizedUserNotificationString` texts find their formats.
    let localizationBundle: URL?
    private let connection = Mutex(DelegateConnection())
    let serviceExtension = Mutex(ServiceExtensionConnection())

    /// A center for one app over a service. Most apps use one center, configured
    /// once with ``configure(appIdentifier:service:)`` and reached with ``current()``;
    /// create centers directly to serve several apps in one process, or in tests.
    ///
    /// `localizationBundle` holds the app's `Localizable.strings` (in
    /// `<language>.lproj` directories) for texts made with
    /// `NSString.localizedUserNotificationString(forKey:arguments:)`; `Bundle.main`
    /// by default, as on Apple's platforms.
    public init(appIdentifier: String, service: any NotificationService, localizationBundle: Bundle = .main) {
        self.appIdentifier = appIdentifier
        self.localizationBundle = localizationBundle.bundleURL
        app = AppIdentifier(appIdentifier)
        self.service = service
        var logger = Logger(label: "Herald.UserNotifications")
        logger[metadataKey: "app"] = "\(appIdentifier)"
        self.logger = logger
        super.init()
    }

    deinit {
        connection.withLock { $0.disposable }?.dispose()
        serviceExtension.withLock { $0.disposable }?.dispose()
    }

    /// The object that decides how notifications arriving in the foreground are
    /// shown and that handles the user's responses; held weakly.
    ///
    /// Setting a delegate connects the app to the engine: responses the user gave
    /// while no delegate was set are handed to it first. Setting `nil` disconnects,
    /// and responses wait for the next delegate. Set it as the app starts.
    public var delegate: (any UNUserNotificationCenterDelegate)? {
        get { connection.withLock { $0.delegate }.value }
        set {
            let reference = DelegateReference(value: newValue)
            let change = connection.withLock { $0.setDelegate(reference) }
            if let change { update(connected: change) }
        }
    }

    /// Whether the device shows notification content extensions (custom
    /// interfaces for expanded notifications): `false`, Linux has no app
    /// extensions; Herald's presenters show the content itself.
    public var supportsContentExtensions: Bool {
        false
    }

    /// Every failure of a call whose Apple signature has no error channel — a
    /// fire-and-forget call such as ``setNotificationCategories(_:)``, an `async`
    /// getter, a completion handler without an error — as it happens. Failures
    /// are also logged. A Herald addition.
    ///
    /// ```swift
    /// center.errors.subscribeNext { error in log.warning("notifications: \(error)") }
    /// ```
    public var errors: Signal<UNError, Never> {
        errorSubject.signal
    }

    /// Waits until every delegate callback that has started has called its
    /// completion handler (for the `async` forms: has returned). A Herald addition,
    /// for a program that must finish handling responses before it exits, and for
    /// tests of `async` delegates. A completion handler that is never called is
    /// waited for forever.
    public func waitForDelegateCallbacks() async {
        await delegateCalls.waitUntilIdle()
    }

    private func update(connected: Bool) {
        perform(connected ? "connecting the delegate" : "disconnecting the delegate") { [self] in
            if connected {
                let disposable = try await service.connect(DelegateBridge(center: self), for: app)
                connection.withLock { $0.disposable = disposable }
            } else {
                connection.withLock { state in defer { state.disposable = nil }; return state.disposable }?.dispose()
            }
        }
    }
}

extension UNUserNotificationCenter {
    /// The delegate and the engine connection that serves it.
    struct DelegateConnection {
        var delegate = DelegateReference()
        var isWanted = false
        var disposable: (any Disposable)?

        /// Stores the delegate; returns whether to connect (`true`) or disconnect
        /// (`false`), or `nil` when the connection stays as it is.
        mutating func setDelegate(_ newValue: DelegateReference) -> Bool? {
            delegate = newValue
            let isSet = newValue.value != nil
            guard isSet != isWanted else { return nil }
            isWanted = isSet
            return isWanted
        }
    }

    /// The delegate, held weakly. Apple's delegate protocol does not require
    /// `Sendable`; the center hands the reference between threads and calls the
    /// delegate as its protocol documents.
    struct DelegateReference: @unchecked Sendable {
        weak var value: (any UNUserNotificationCenterDelegate)?
    }
}
