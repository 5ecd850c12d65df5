public import Foundation

/// What a ``CLLocationManager`` tells the app about its location permission,
/// shaped like Core Location's. Every method has a default implementation that
/// does nothing, as Apple's are optional, so an app implements only those it needs.
///
/// The manager calls its delegate on the main queue, as Core Location calls it
/// on the run loop of the thread that created the manager (usually the main
/// thread): once when the status is first known (or when a delegate is set and
/// the status is known), and at each change of the status. Herald calls both
/// methods; Apple's delegates that implement both, for older systems, handle
/// the status twice.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// The app's authorization status is known or changed: read it from the
    /// manager's ``CLLocationManager/authorizationStatus``.
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)

    /// The app's authorization status is known or changed, `status`: the iOS 4.2
    /// form of ``locationManagerDidChangeAuthorization(_:)``.
    @available(*, deprecated, message: "Use locationManagerDidChangeAuthorization(_:)")
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
}

extension CLLocationManagerDelegate {
    /// Does nothing.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}

    /// Does nothing.
    @available(*, deprecated, message: "Use locationManagerDidChangeAuthorization(_:)")
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
}
