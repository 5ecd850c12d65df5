public import Signals

/// A ``NotificationService`` that also handles an app's location permission, as
/// Core Location's `CLLocationManager` asks for it and reads it: served by
/// ``NotificationEngine`` in process and by the Herald daemon over HTTP.
///
/// The app asks (``requestLocationAuthorization(_:for:)``); the person answers in
/// the web center or the CLI; the app hears the answer on
/// ``locationAuthorizationChanges(for:)``. An app's location triggers fire only
/// while its status ``LocationAuthorizationStatus/allowsLocation``.
///
/// ```swift
/// try await service.requestLocationAuthorization(.whenInUse, for: app)
/// let subscription = service.locationAuthorizationChanges(for: app).subscribeNext { authorization in
///     if authorization.status.allowsLocation { addPlaceReminders() }
/// }
/// ```
public protocol LocationAuthorizationService: NotificationService {
    /// The app asks to use the machine's position: noted for the person to
    /// answer, unless they have answered already (an app with when-in-use may
    /// ask for always once). Returns the app's permission after the ask: its
    /// status does not change until the person answers.
    ///
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier`` or
    ///   ``NotificationError/Code/storeFailure`` (and the transport's errors
    ///   over HTTP); nothing changes.
    @discardableResult
    func requestLocationAuthorization(_ access: LocationAccess, for app: AppIdentifier) async throws
        -> LocationAuthorization

    /// The app's location permission now: ``LocationAuthorizationStatus/notDetermined``
    /// for an app that never asked.
    func locationAuthorization(for app: AppIdentifier) async throws -> LocationAuthorization

    /// Whether the service gets the machine's position at all, as Core Location's
    /// `locationServicesEnabled()` says of the device: `false` when location is
    /// switched off for every app.
    func locationServicesEnabled(for app: AppIdentifier) async throws -> Bool

    /// The app's permission each time it changes: the person's answer, a change in
    /// the settings, or the app's ask noted (``LocationAuthorization/requested``).
    /// Hot: a subscriber sees the changes made after it subscribes.
    func locationAuthorizationChanges(for app: AppIdentifier) -> Signal<LocationAuthorization, Never>
}
