/// Where a ``GeoClueProvider`` stands.
public enum GeoClueStatus: Sendable, Hashable, CustomStringConvertible {
    /// Nothing is watched: the provider holds no running GeoClue client.
    case stopped
    /// Asking GeoClue for a client, or starting it.
    case starting
    /// GeoClue runs the client; positions come as it reports them.
    case running
    /// GeoClue gives no positions, for this reason; the provider tries again
    /// when what it watches changes or GeoClue comes back on the bus.
    case unavailable(GeoClueError)

    public var description: String {
        switch self {
        case .stopped: "stopped"
        case .starting: "starting"
        case .running: "running"
        case .unavailable(let error): "unavailable (\(error))"
        }
    }
}
