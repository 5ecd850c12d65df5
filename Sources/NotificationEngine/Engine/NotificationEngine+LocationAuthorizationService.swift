public import NotificationModel
public import Signals

extension NotificationEngine: LocationAuthorizationService {
    /// `true`: the engine takes positions from whoever calls ``updateLocation(_:)``
    /// and has no switch of its own; the daemon's `--location off` is its host's.
    ///
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier`` for an invalid app.
    public func locationServicesEnabled(for app: AppIdentifier) throws -> Bool {
        try Validator.validateApp(app)
        return true
    }

    /// The app's ``NotificationEvent/locationAuthorizationChanged(app:authorization:)``
    /// events, from ``events``.
    public func locationAuthorizationChanges(for app: AppIdentifier) -> Signal<LocationAuthorization, Never> {
        events.filter { event in
            guard case .locationAuthorizationChanged(let changed, _) = event else { return false }
            return changed == app
        }.map { event in
            // Only location events pass the filter; the fallback is never used.
            guard case .locationAuthorizationChanged(_, let authorization) = event else { return LocationAuthorization() }
            return authorization
        }
    }
}
