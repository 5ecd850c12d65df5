public import Foundation
import Logging
public import NotificationEngine
public import Signals
import Synchronization

/// A ``LocationProvider`` on GeoClue2, the system bus's location service: the
/// machine's positions, from Wi-Fi, GPS or an IP address, as GeoClue finds them.
///
/// It runs a GeoClue client only while something is watched (``watch(smallestRadius:)``),
/// asking for a position each time the machine moves by the border margin of
/// the smallest region. Every D-Bus call runs on a queue of the provider's own,
/// never on the caller's thread: GeoClue's `GetClient` does not answer at all
/// while no agent (the desktop's, which asks the person) is registered, so it has
/// a deadline, and passing it means "unavailable" (``GeoClueError/Code/noAgent``).
/// Where GeoClue is missing or refuses, ``status`` says why and no position comes:
/// location triggers wait.
///
/// ```swift
/// let geoclue = try GeoClueProvider()
/// let feeding = engine.attach(geoclue)
/// geoclue.watch(smallestRadius: 100)   // starts a client, 10 m threshold
/// ```
public final class GeoClueProvider: LocationProvider, Sendable {
    /// How the provider asks GeoClue for positions.
    public struct Configuration: Sendable {
        /// The desktop file id GeoClue and its agent know Herald by: `herald`.
        public var desktopID = "herald"
        /// The fewest seconds between two positions GeoClue reports: 10.
        public var timeThreshold: UInt32 = 10
        /// GeoClue's accuracy level: 8, exact (GPS or Wi-Fi where there is one).
        public var accuracyLevel: UInt32 = 8
        /// How long `GetClient` and the other calls may take before GeoClue counts as unavailable: 5 s.
        public var callTimeout: Duration = .seconds(5)
        /// The GIO library to load: `libgio-2.0.so.0`.
        package var gioLibrary = GIO.defaultLibrary

        /// The defaults above.
        public init() {}
    }

    static let service = "org.freedesktop.GeoClue2"
    static let managerPath = "/org/freedesktop/GeoClue2/Manager"
    static let clientInterface = "org.freedesktop.GeoClue2.Client"

    let connection: DBusConnection
    let configuration: Configuration
    let queue = DispatchQueue(label: "herald.geoclue")
    let logger = Logger(label: "herald.geoclue")
    private let machine = Mutex(GeoClueMachine())
    private let current = Mutex(GeoClueStatus.stopped)
    private let positionSubject = Subject<Coordinate, Never>()
    private let statusSubject = Subject<GeoClueStatus, Never>()

    /// Connects to the system bus in `environment`; GeoClue itself is asked for
    /// nothing until something is watched.
    ///
    /// - Throws: ``GeoClueError/Code/noSystemBus`` when GIO cannot be loaded or
    ///   the system bus cannot be reached.
    public init(
        configuration: Configuration = Configuration(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        do {
            connection = try DBusConnection(
                .system, environment: environment, library: configuration.gioLibrary)
        } catch {
            throw GeoClueError(.noSystemBus, "no system bus for GeoClue: \(error)")
        }
        self.configuration = configuration
        subscribe()
    }

    /// The machine's positions, as GeoClue reports them while something is watched.
    public var positions: Signal<Coordinate, Never> { positionSubject.signal }

    /// Where the provider stands now.
    public var status: GeoClueStatus { current.withLock { $0 } }

    /// Each change of ``status``, as it happens.
    public var statuses: Signal<GeoClueStatus, Never> { statusSubject.signal }

    /// What is watched now: regions the smallest of which has this radius, in
    /// metres, or (`nil`) none, which stops the client. Returns at once; the
    /// client follows on the provider's queue.
    public func watch(smallestRadius: Double?) {
        let threshold = smallestRadius.map(Self.distanceThreshold(forRadius:))
        queue.async { self.handle(.watch(distanceThreshold: threshold)) }
    }

    /// The distance threshold for regions the smallest of which has `radius`:
    /// the border margin of location triggers (`max(10 m, 10 %)`, at most half
    /// the radius), at least 1 m, so a crossing of the band is never missed.
    package static func distanceThreshold(forRadius radius: Double) -> UInt32 {
        guard radius.isFinite, radius > 0 else { return 1 }
        let margin = min(max(10, radius * 0.1), radius / 2)
        return UInt32(clamping: max(1, Int(margin.rounded(.down))))
    }

    /// Runs `event` through the machine and its actions; on the queue.
    func handle(_ event: GeoClueMachine.Event) {
        let actions = machine.withLock { $0.handle(event) }
        for action in actions {
            if let next = perform(action) { handle(next) }
        }
    }

    /// Publishes `status` if it changed.
    func report(_ status: GeoClueStatus) {
        let changed = current.withLock { old in
            defer { old = status }
            return old != status
        }
        guard changed else { return }
        if case .unavailable(let error) = status { logger.warning("no positions from GeoClue: \(error)") }
        statusSubject.send(status)
    }

    /// Sends a position read from GeoClue.
    func send(_ position: Coordinate) {
        positionSubject.send(position)
    }

    /// Follows GeoClue on the bus and its clients' `LocationUpdated`.
    private func subscribe() {
        connection.subscribe(
            sender: Self.service, interface: Self.clientInterface, member: "LocationUpdated", path: nil
        ) { [weak self] signal in
            guard let self else { return }
            guard signal.arguments.count == 2, let new = signal.arguments[1].string else {
                logger.warning("LocationUpdated from \(signal.path) has arguments \(signal.arguments)")
                return
            }
            queue.async { self.handle(.located(new, client: signal.path)) }
        }
        connection.watchName(Self.service) { [weak self] owner in
            guard let self else { return }
            queue.async { self.handle(owner == nil ? .serviceVanished : .serviceAppeared) }
        }
    }
}
