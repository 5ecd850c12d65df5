public import Signals

/// A ``LocationProvider`` whose positions are sent by hand: tests, simulations,
/// or a bridge from a positioning service such as GeoClue.
///
/// Like a location manager's updates, ``positions`` is hot: a subscriber receives
/// the positions sent after it subscribes.
///
/// ```swift
/// let location = ManualLocationProvider()
/// location.positions.subscribeNext { print($0) }
/// location.send(Coordinate(latitude: 52.52, longitude: 13.405))   // prints it
/// ```
public final class ManualLocationProvider: LocationProvider {
    private let subject = Subject<Coordinate, Never>()

    /// A provider that has sent no position yet.
    public init() {}

    /// The positions sent with ``send(_:)`` from the moment of subscribing.
    public var positions: Signal<Coordinate, Never> {
        subject.signal
    }

    /// Reports that the device is now at `position`.
    public func send(_ position: Coordinate) {
        subject.send(position)
    }
}
