/// The life of a GeoClue client as a pure state machine: what the provider is
/// asked to watch and what GeoClue answered come in as events; the D-Bus calls
/// to make and the statuses to report come out as actions, in order.
///
/// GeoClue gives each bus connection one client (`Manager.GetClient`), which the
/// machine keeps once it has it: stopping and starting again reuse it. While a
/// call is out, a change of what is watched is only noted, and applied when the
/// call answers, so the calls never overlap.
///
/// While something is watched and GeoClue fails, the machine asks again after a
/// wait (``retryDelay(afterFailures:)``): an agent may register later in the
/// session, GeoClue may come back. A refusal is not asked again by itself, since
/// GeoClue's agent would ask the person again and again; a change of what is
/// watched, or GeoClue coming back onto the bus, asks.
///
/// ```swift
/// var machine = GeoClueMachine()
/// machine.handle(.watch(distanceThreshold: 10))   // [.report(.starting), .getClient]
/// machine.handle(.clientObtained("/org/freedesktop/GeoClue2/Client/1"))
///                                                 // [.report(.starting), .start(client:distanceThreshold:)]
/// machine.handle(.started)                        // [.report(.running)]
/// ```
package struct GeoClueMachine: Sendable, Hashable {
    package enum Phase: Sendable, Hashable {
        /// No client, nothing asked.
        case idle
        /// `GetClient` is out.
        case connecting
        /// A client that is not running.
        case stopped(client: String)
        /// The client's properties are being set and `Start` is out, with this distance threshold.
        case starting(client: String, distanceThreshold: UInt32)
        /// The client runs with this distance threshold.
        case running(client: String, distanceThreshold: UInt32)
        /// GeoClue gives no positions, for this reason.
        case unavailable(GeoClueError)
    }

    package enum Event: Sendable, Hashable {
        /// What the provider watches now: positions each `distanceThreshold`
        /// metres, or (`nil`) nothing.
        case watch(distanceThreshold: UInt32?)
        /// `GetClient` answered with this client's object path.
        case clientObtained(String)
        /// `Start` answered.
        case started
        /// A call failed, or timed out.
        case failed(GeoClueError)
        /// `client` reported a new location object (`LocationUpdated`'s `new`).
        case located(String, client: String)
        /// GeoClue left the system bus: its clients are gone with it.
        case serviceVanished
        /// GeoClue is on the system bus (again).
        case serviceAppeared
        /// The wait of ``Action/retry(after:)`` passed.
        case retryDue
    }

    package enum Action: Sendable, Hashable {
        /// Call `Manager.GetClient` (``Event/clientObtained(_:)`` or ``Event/failed(_:)``).
        case getClient
        /// Set the client's properties and call `Start` (``Event/started`` or ``Event/failed(_:)``).
        case start(client: String, distanceThreshold: UInt32)
        /// Set the running client's `DistanceThreshold`.
        case setDistanceThreshold(client: String, UInt32)
        /// Call the client's `Stop`.
        case stop(client: String)
        /// Read the location object's latitude and longitude, and send the position.
        case read(location: String)
        /// Tell the provider's observers where it stands.
        case report(GeoClueStatus)
        /// Feed ``Event/retryDue`` after this wait.
        case retry(after: Duration)
    }

    package private(set) var phase = Phase.idle
    /// The distance threshold asked for; `nil` when nothing is watched.
    package private(set) var wanted: UInt32?
    /// The failures since the client last ran.
    package private(set) var failures = 0

    /// A machine with no client and nothing watched.
    package init() {}

    /// What to do after `event`.
    package mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .watch(let threshold):
            wanted = threshold
            return apply()
        case .clientObtained(let client):
            guard phase == .connecting else { return [] }
            phase = .stopped(client: client)
            return apply(reporting: true)
        case .started:
            guard case .starting(let client, let threshold) = phase else { return [] }
            phase = .running(client: client, distanceThreshold: threshold)
            failures = 0
            return [.report(.running)] + apply()
        case .failed(let error):
            phase = .unavailable(error)
            failures += 1
            guard wanted != nil, error.code != .refused else { return [.report(.unavailable(error))] }
            return [.report(.unavailable(error)), .retry(after: Self.retryDelay(afterFailures: failures))]
        case .retryDue:
            guard case .unavailable(let error) = phase, error.code != .refused, wanted != nil else { return [] }
            return connect()
        case .located(let location, let sender):
            guard case .running(let client, _) = phase, client == sender else { return [] }
            return [.read(location: location)]
        case .serviceVanished:
            switch phase {
            case .idle, .unavailable: return []
            case .stopped:
                // A client that is not running is simply gone: the next watch asks for a new one.
                phase = .idle
                return []
            case .connecting, .starting, .running: break
            }
            let error = GeoClueError(.serviceGone, "GeoClue left the system bus")
            phase = .unavailable(error)
            return [.report(.unavailable(error))]
        case .serviceAppeared:
            guard case .unavailable = phase, wanted != nil else { return [] }
            return connect()
        }
    }

    /// Brings the client in line with ``wanted``, unless a call is out; reports
    /// a stop when `reporting` or when a running client stops.
    private mutating func apply(reporting: Bool = false) -> [Action] {
        switch (phase, wanted) {
        case (.connecting, _), (.starting, _):
            return []
        case (.idle, nil), (.unavailable, nil):
            return []
        case (.idle, .some), (.unavailable, .some):
            return connect()
        case (.stopped(let client), .some(let threshold)):
            phase = .starting(client: client, distanceThreshold: threshold)
            return [.report(.starting), .start(client: client, distanceThreshold: threshold)]
        case (.stopped, nil):
            return reporting ? [.report(.stopped)] : []
        case (.running(let client, _), nil):
            phase = .stopped(client: client)
            return [.stop(client: client), .report(.stopped)]
        case (.running(let client, let current), .some(let threshold)):
            guard current != threshold else { return [] }
            phase = .running(client: client, distanceThreshold: threshold)
            return [.setDistanceThreshold(client: client, threshold)]
        }
    }

    /// The wait before asking again after `count` failures in a row: 10 s,
    /// doubling, at most 5 minutes.
    package static func retryDelay(afterFailures count: Int) -> Duration {
        .seconds(min(300, 10 << min(max(count - 1, 0), 5)))
    }

    private mutating func connect() -> [Action] {
        phase = .connecting
        return [.report(.starting), .getClient]
    }
}
