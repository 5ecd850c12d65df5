import Foundation
import Logging
public import Signals
import Synchronization

/// The notification engine: schedules local notifications for many apps and
/// fires them exactly on time, persistently.
///
/// The store is the source of truth, indexed by next fire time; memory holds a
/// window of the soonest entries and one timer, for the earliest. Firing commits
/// the delivery, the request's next fire date and an outbox entry in one
/// transaction, then hands the delivery to the presenters, so a crash neither
/// loses nor repeats a delivery.
///
/// ```swift
/// // RecordingPresenter comes from the NotificationEngineTesting product.
/// let scheduler = TestScheduler(startDate: Date())
/// let presenter = RecordingPresenter()
/// let engine = try NotificationEngine(
///     store: .sqlite(path: "herald.sqlite"), scheduler: scheduler,
///     configuration: .init(authorizationPolicy: .grantAll), presenters: [presenter])
/// let app: AppIdentifier = "com.example.nagme"
/// _ = try await engine.requestAuthorization(options: [.alert, .sound], for: app)
/// try await engine.add(
///     NotificationRequest(identifier: "Walk Dog", content: .init(title: "Task Reminder", body: "Walk Dog!!"),
///                         trigger: .timeInterval(.init(interval: 60, repeats: true))),
///     for: app)
/// scheduler.advance(by: 60)   // presenter.presentations.count == 1
/// ```
///
/// All time comes from the scheduler: with a `TestScheduler`, when `advance`
/// returns, everything due until then has fired, been committed and been handed
/// to the presenters.
///
/// Apps reach the engine through its ``NotificationService`` methods, each for one
/// app; presenters and the user's side (authorization prompts, Settings, location)
/// use the methods below.
///
/// ## Topics
///
/// ### Creating an engine
///
/// - ``init(store:scheduler:configuration:presenters:)``
/// - ``Configuration``
/// - ``AuthorizationPolicy``
///
/// ### Presenting deliveries
///
/// - ``addPresenter(_:)``
/// - ``respond(to:actionIdentifier:userText:authenticated:)``
/// - ``events``
///
/// ### Answering for the user
///
/// - ``answerAuthorization(for:granted:)``
/// - ``authorizationRequests``
/// - ``preferences(for:)``
/// - ``updatePreferences(for:_:)``
///
/// ### Removing an app
///
/// - ``forgetApp(_:)``
///
/// ### Location
///
/// - ``updateLocation(_:)``
/// - ``attach(_:)``
///
/// ### Time zone
///
/// - ``timeZone``
/// - ``updateTimeZone(_:)``
///
/// ### Serving apps
///
/// - ``requestAuthorization(options:for:)``
/// - ``notificationSettings(for:)``
/// - ``setCategories(_:for:)``
/// - ``pendingRequests(for:)``
/// - ``deliveredNotifications(for:)``
/// - ``setForeground(_:for:)``
/// - ``connect(_:for:)``
/// - ``deliveries(for:)``
/// - ``responses(for:)``
public final class NotificationEngine: Sendable {
    let configuration: Configuration
    let scheduler: any DateScheduler
    let store: any NotificationStore
    /// How the engine works beside the store's other writers, if any.
    let coordination: EngineCoordination
    let attachments: any AttachmentStore
    /// Files for attachments read back when ``attachments`` keeps no files of its
    /// own (in memory, PostgreSQL), so every attachment an app reads has one.
    let attachmentFiles = AttachmentCache()
    /// The decisions' state and the timer; held for a store write and the memory
    /// change it makes (see ``Scheduling``).
    let scheduling: Mutex<Scheduling>
    /// Caches and wiring; never held during I/O (see ``EngineState``).
    let state: Mutex<EngineState>
    /// Moves on every committed change of any app's pending requests (``pendingVersion``).
    let pendingChanges = Atomic<UInt64>(0)
    /// Moves after every write transaction the engine runs, committed or not
    /// (``FiringPrefetch`` uses it to tell that nothing else wrote in between).
    let storeWrites = Atomic<UInt64>(0)
    let eventSubject = Subject<NotificationEvent, Never>()
    let deliverySubject = Subject<Delivery, Never>()
    let responseSubject = Subject<NotificationResponse, Never>()
    let logger = Logger(label: "herald.engine")

    /// Opens the store, loads the due window, hands any delivery a crash left in
    /// the outbox to the presenters and delivers what came due while the engine
    /// was down (once each, marked late).
    ///
    /// - Parameters:
    ///   - kind: The `store:` argument, where the engine keeps its state:
    ///     ``NotificationStoreKind/inMemory``, an SQLite file that survives restarts,
    ///     or a PostgreSQL database.
    ///   - scheduler: The engine's clock and timer: a real-time scheduler in
    ///     production, a `TestScheduler` for virtual time in tests.
    ///   - configuration: Limits, policies and time zone; iOS's defaults if omitted.
    ///   - presenters: The presenters to hand deliveries to, including those
    ///     recovered and caught up during this initializer; add more later with
    ///     ``addPresenter(_:)``.
    /// - Throws: ``NotificationError/Code/storeFailure`` when the store cannot be
    ///   opened, migrated or read; ``NotificationError/Code/serviceUnavailable``
    ///   when a PostgreSQL server cannot be reached.
    public convenience init(
        store kind: NotificationStoreKind,
        scheduler: any DateScheduler,
        configuration: Configuration = Configuration(),
        presenters: [any Presenter] = []
    ) throws {
        try self.init(opened: try kind.open(), scheduler: scheduler, configuration: configuration, presenters: presenters)
    }

    /// An engine on a PostgreSQL store its embedder opened first, to keep records
    /// of its own beside the engine's (the daemon's apps and webhook posts, which
    /// its presenters need from the start).
    package convenience init(
        postgres store: PostgresStore, scheduler: any DateScheduler, configuration: Configuration,
        presenters: [any Presenter]
    ) throws {
        try self.init(
            opened: (store, PostgresAttachmentStore(store: store)), scheduler: scheduler, configuration: configuration,
            presenters: presenters)
    }

    /// An engine on stores already opened (a test's own store).
    init(
        opened: (store: any NotificationStore, attachments: any AttachmentStore),
        scheduler: any DateScheduler,
        configuration: Configuration,
        presenters: [any Presenter]
    ) throws {
        self.configuration = configuration
        self.scheduler = scheduler
        let (store, attachments) = opened
        self.store = store
        coordination = EngineCoordination(store)
        self.attachments = attachments
        let rules = EngineCore.Rules(
            pendingLimitPerApp: configuration.pendingLimitPerApp,
            deliveredLimitPerApp: configuration.deliveredLimitPerApp,
            attachmentBytesPerApp: configuration.attachmentBytesPerApp, lateTolerance: configuration.lateTolerance,
            clockCheckInterval: configuration.clockCheckInterval, deliveryRetention: configuration.deliveryRetention,
            preferredLanguages: configuration.preferredLanguages)
        var initial = Scheduling(core: EngineCore(
            rules: rules, windowCapacity: configuration.dueWindowSize,
            schedule: TriggerSchedule(timeZone: configuration.currentTimeZone)))
        try Self.load(into: &initial.core, from: store)
        var wiring = EngineState()
        for presenter in presenters {
            wiring.presenters.append((wiring.makeToken(), presenter))
        }
        if configuration.followsSystemTimeZone {
            initial.systemTimeZone = initial.core.schedule.timeZone.identifier
            wiring.timeZoneCheckedDate = scheduler.now
        }
        scheduling = Mutex(initial)
        state = Mutex(wiring)
        try scheduling.withLock { try adoptStartingTimeZone(in: &$0) }
        try loadQuietSettings()
        try recoverOutbox()
        startCoordinating()
        sweepAttachments()
        fireDue()
        armSummary()
        let focus = quietState().focus?.identifier
        state.withLock { $0.toldFocus = focus }
        armFocusTimer()
    }

    deinit {
        scheduling.withLock { $0.timer?.dispose() }
        state.withLock { state in
            state.summaryTimer?.dispose()
            state.focusTimer?.dispose()
        }
    }

    /// Everything that happens: deliveries, presentations, responses, badges,
    /// authorization. Hot: a subscriber sees what happens after it subscribes.
    ///
    /// ```swift
    /// let watching = engine.events.subscribeNext { event in
    ///     if case .delivered(let delivery) = event { print("fired", delivery.request.identifier) }
    /// }
    /// ```
    public var events: Signal<NotificationEvent, Never> {
        eventSubject.signal
    }

    /// Adds a presenter: it is handed every delivery presented from now on, with
    /// withdrawals, badge changes and authorization questions. Disposing the
    /// result removes it.
    public func addPresenter(_ presenter: any Presenter) -> any Disposable {
        let token = state.withLock { state in
            let token = state.makeToken()
            state.presenters.append((token, presenter))
            return token
        }
        return ActionDisposable { [weak self] in
            self?.state.withLock { $0.presenters.removeAll { $0.token == token } }
        }
    }

    private static func load(into core: inout EngineCore, from store: any NotificationStore) throws {
        let limit = core.window.refillLimit
        let (counts, soonest, located) = try store.read { transaction in
            (try transaction.pendingCounts(), try transaction.soonestDue(limit: limit),
             try transaction.locationPending())
        }
        core.loaded(counts: counts, soonest: soonest, located: located)
    }

    // MARK: Shared helpers

    /// The app's record, for a caller that holds the `scheduling` lock (which
    /// every write of app records holds): from the cache, or read from the store
    /// and cached; with other writers, read every time (other engines change it).
    func record(_ app: AppIdentifier, in _: inout Scheduling) throws -> AppRecord {
        if let record = state.withLock({ $0.apps[app] }) { return record }
        let record = try readRecord(app)
        if coordination.cachesAppRecords { state.withLock { $0.apps[app] = record } }
        return record
    }

    /// The app's record, for a caller that does not hold the `scheduling` lock:
    /// as ``record(_:in:)``, but a record read from the store is cached only if no
    /// write of app records came in meanwhile.
    func record(_ app: AppIdentifier) throws -> AppRecord {
        let (cached, generation) = state.withLock { ($0.apps[app], $0.appsGeneration) }
        if let cached { return cached }
        let record = try readRecord(app)
        if coordination.cachesAppRecords {
            state.withLock { state in
                if state.appsGeneration == generation { state.apps[app] = record }
            }
        }
        return record
    }

    private func readRecord(_ app: AppIdentifier) throws -> AppRecord {
        try read { transaction in
            AppRecord(
                preferences: try transaction.preferences(app) ?? AppNotificationPreferences(),
                categories: try transaction.categories(app),
                badge: try transaction.badge(app))
        }
    }

    /// Notes a committed change of pending requests.
    func pendingChanged() {
        pendingChanges.add(1, ordering: .sequentiallyConsistent)
    }

    /// The presenters, to call outside the lock.
    var presenters: [any Presenter] {
        state.withLock { $0.presenters.map(\.presenter) }
    }

    func emit(_ event: NotificationEvent) {
        eventSubject.send(event)
    }

    /// Runs a store write, turning any error into a ``NotificationError``.
    func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try counted { try store.write(body) }
    }

    /// Runs a store write made some other way, as ``write(_:)`` runs it.
    func counted<T>(_ write: () throws -> T) throws -> T {
        defer { storeWrites.add(1, ordering: .sequentiallyConsistent) }
        return try Self.storeErrors(write)
    }

    /// Runs a store read, turning any error into a ``NotificationError``.
    func read<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try Self.storeErrors { try store.read(body) }
    }

    private static func storeErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as NotificationError {
            throw error
        } catch {
            throw NotificationError(.storeFailure, "the store failed: \(error)")
        }
    }
}
