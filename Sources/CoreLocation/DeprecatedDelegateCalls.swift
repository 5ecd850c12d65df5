/// Herald's call of the delegate method Apple deprecated: a call of a deprecated
/// method warns unless made from a deprecated declaration, so it is made by the
/// deprecated witness of this protocol's requirement, reached through the protocol.
protocol DeprecatedDelegateCalling {
    /// The delegate's `locationManager(_:didChangeAuthorization:)`.
    func didChangeAuthorization(
        _ status: CLAuthorizationStatus, of manager: CLLocationManager, to delegate: any CLLocationManagerDelegate)
}

/// The call, through ``DeprecatedDelegateCalling``.
struct DeprecatedDelegateCalls: DeprecatedDelegateCalling {
    static var current: any DeprecatedDelegateCalling { DeprecatedDelegateCalls() }

    @available(*, deprecated, message: "calls a delegate method Apple deprecated")
    func didChangeAuthorization(
        _ status: CLAuthorizationStatus, of manager: CLLocationManager, to delegate: any CLLocationManagerDelegate
    ) {
        delegate.locationManager(manager, didChangeAuthorization: status)
    }
}
