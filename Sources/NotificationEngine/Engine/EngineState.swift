import Foundation
import Signals

/// What the engine's store writes are ordered by, under its `scheduling` mutex:
/// the decisions' state, which follows the store in commit order, and the one
/// timer armed from it.
///
/// A store write and the change of memory it makes happen under this one lock,
/// so two commits are seen in memory in the order they were made (a store has
/// one writer: SQLite orders its writes the same way). Nothing else waits for
/// it: the process-local wiring is in ``EngineState``, under a lock that is
/// never held during I/O. Lock order: `scheduling`, then `state`.
struct Scheduling {
    var core: EngineCore
    var timer: (any Disposable)?
    var timerDate: Date?
    /// The system's zone when last looked at, if the engine follows it.
    var systemTimeZone: String?
}

/// What the engine keeps in memory besides the decisions' state, under its
/// `state` mutex, which is never held during I/O: caches of small per-app
/// records and the process-local wiring (handlers, prompts, presenters).
struct EngineState {
    /// A connected app handler and the token that disconnects it.
    struct Connection {
        var token: UInt64
        var handler: any NotificationAppHandler
    }

    /// An app's connected handlers, one per ``AppHandlerRole``: its notification
    /// handler (`UNUserNotificationCenter`'s) and its application handler
    /// (`UIApplication`'s), either of which may be missing.
    struct AppConnections {
        var notifications: Connection?
        var application: Connection?

        /// The handler of the app's notifications (`willPresent`, responses,
        /// settings): the notification handler, else the application handler.
        var handler: (any NotificationAppHandler)? {
            serving?.handler
        }

        /// The connection ``handler`` comes from.
        var serving: Connection? {
            notifications ?? application
        }

        /// The handler of the app's background pushes: the application handler,
        /// else the notification handler.
        var remoteHandler: (any NotificationAppHandler)? {
            (application ?? notifications)?.handler
        }

        subscript(role: AppHandlerRole) -> Connection? {
            get { role == .application ? application : notifications }
            set {
                if role == .application { application = newValue } else { notifications = newValue }
            }
        }

        var isEmpty: Bool { notifications == nil && application == nil }
    }

    /// An app's service extension: what makes a handler for each push, and the
    /// token that disconnects it.
    struct ServiceExtension {
        var token: UInt64
        var makeHandler: @Sendable () -> any ServiceExtensionHandler
    }

    /// An outstanding authorization question and who waits for its answer.
    struct Prompt {
        var options: AuthorizationOptions
        var waiters: [CheckedContinuation<Bool, Never>]
    }

    /// Apps' records as last read or written; with other writers, none (other
    /// engines change them).
    var apps: [AppIdentifier: AppRecord] = [:]
    /// Moves with every write of an app record, so a record read from the store
    /// without the `scheduling` lock is cached only if no write came in between.
    var appsGeneration: UInt64 = 0
    var timeZoneCheckedDate: Date?
    var foreground: Set<AppIdentifier> = []
    var connections: [AppIdentifier: AppConnections] = [:]
    var serviceExtensions: [AppIdentifier: ServiceExtension] = [:]
    var responsesInFlight: Set<DeliveryID> = []
    var prompts: [AppIdentifier: Prompt] = [:]
    var presenters: [(token: UInt64, presenter: any Presenter)] = []
    var nextToken: UInt64 = 0
    /// What the other engines told this one that it has not handled yet.
    var sharing = SharingSignals()
    /// The person's Focus modes and summary times, as saved.
    var quiet = QuietSettings()
    /// Whether the desktop's own Do Not Disturb is on.
    var desktopDoNotDisturb = false
    /// The timer of the next moment the Focus may begin or end, and the Focus last
    /// told of (``NotificationEvent/quietChanged(_:)``).
    var focusTimer: (any Disposable)?
    var toldFocus: String?
    /// The timer of the next summary, and its date.
    var summaryTimer: (any Disposable)?
    var summaryTimerDate: Date?

    /// Brings the app to the foreground or sends it to the background: the one
    /// writer of ``foreground``, for a response that opens the app
    /// (``NotificationRules/opensApp(actionIdentifier:category:)``), the app's own
    /// ``NotificationService/setForeground(_:for:)``, and an app forgotten.
    mutating func setForeground(_ isForeground: Bool, for app: AppIdentifier) {
        if isForeground {
            foreground.insert(app)
        } else {
            foreground.remove(app)
        }
    }

    mutating func makeToken() -> UInt64 {
        nextToken += 1
        return nextToken
    }

    /// Changes the app's cached record, if any, after its write committed.
    mutating func updateApp(_ app: AppIdentifier, _ change: (inout AppRecord) -> Void) {
        appsGeneration &+= 1
        if var record = apps[app] {
            change(&record)
            apps[app] = record
        }
    }
}
