public import Signals

/// A source of the device's positions, which location triggers watch.
///
/// The engine subscribes to ``positions`` and checks each position against the
/// regions of pending location triggers. On a machine without a positioning
/// service, feed positions by hand with ``ManualLocationProvider``.
public protocol LocationProvider: Sendable {
    /// The device's positions, as they come; a hot signal that never fails.
    var positions: Signal<Coordinate, Never> { get }
}
