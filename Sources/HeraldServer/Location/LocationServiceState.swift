import DesktopNotifications

/// Whether the daemon feeds positions to location triggers, and why not.
enum LocationServiceState: Sendable, Hashable {
    /// `--location off`: location triggers wait for positions fed by hand.
    case off
    /// GeoClue runs no client: no app allowed location has location requests.
    case stopped
    /// GeoClue is being asked for a client.
    case starting
    /// GeoClue reports the machine's positions.
    case running
    /// GeoClue gives no positions, for this reason.
    case unavailable(GeoClueError)

    /// The state of a feed on GeoClue in `status`.
    init(_ status: GeoClueStatus) {
        switch status {
        case .stopped: self = .stopped
        case .starting: self = .starting
        case .running: self = .running
        case .unavailable(let error): self = .unavailable(error)
        }
    }

    /// The state's name on the wire.
    var name: String {
        switch self {
        case .off: "off"
        case .stopped: "stopped"
        case .starting: "starting"
        case .running: "running"
        case .unavailable: "unavailable"
        }
    }

    /// Why positions do not come, `nil` unless ``unavailable(_:)``.
    var error: GeoClueError? {
        if case .unavailable(let error) = self { error } else { nil }
    }
}
