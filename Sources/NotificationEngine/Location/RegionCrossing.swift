/// A crossing of a region's border, as a ``RegionTracker`` reports it.
package enum RegionCrossing: Sendable, Hashable {
    /// The device came inside the region.
    case entered
    /// The device left the region.
    case exited
}

extension CircularRegion {
    /// Whether a crossing of this region fires its trigger: entries fire when
    /// ``notifyOnEntry`` is set, exits when ``notifyOnExit`` is.
    package func notifies(on crossing: RegionCrossing) -> Bool {
        switch crossing {
        case .entered: notifyOnEntry
        case .exited: notifyOnExit
        }
    }
}
