import HeraldAPI
public import NotificationModel
public import Signals

extension RemoteNotificationService: LocationAuthorizationService {
    /// The app asks to use the machine's position:
    /// `POST /v1/apps/{app}/location/authorization`. Returns the permission after the ask.
    @discardableResult
    public func requestLocationAuthorization(_ access: LocationAccess, for app: AppIdentifier) async throws
        -> LocationAuthorization
    {
        try await remote {
            try await client.requestLocationAuthorization(access.rawValue, for: app.rawValue).engineAuthorization()
        }
    }

    /// The app's permission: `GET /v1/apps/{app}/location`.
    public func locationAuthorization(for app: AppIdentifier) async throws -> LocationAuthorization {
        try await remote { try await client.location(for: app.rawValue).engineAuthorization() }
    }

    /// Whether the daemon gets positions at all: `false` when it runs with
    /// `--location off` (`GET /v1/apps/{app}/location`'s `service`).
    public func locationServicesEnabled(for app: AppIdentifier) async throws -> Bool {
        try await remote { try await client.location(for: app.rawValue).service != "off" }
    }

    /// The app's permission each time it changes, from the daemon's event stream
    /// (`locationAuthorizationChanged`), as ``deliveries(for:)`` describes: each
    /// subscription opens a stream and sees the changes made after the daemon
    /// accepts it.
    public func locationAuthorizationChanges(for app: AppIdentifier) -> Signal<LocationAuthorization, Never> {
        eventSignal(app) { event in
            guard case .locationAuthorizationChanged(let status, let requested) = event.kind, event.app == app.rawValue
            else { return nil }
            return try LocationAuthorization(wireStatus: status, requested: requested)
        }
    }
}

extension API.Location {
    /// The engine's permission.
    func engineAuthorization() throws -> LocationAuthorization {
        try LocationAuthorization(wireStatus: status, requested: requested)
    }
}

extension LocationAuthorization {
    /// The permission from the daemon's names, `CLAuthorizationStatus`'s and
    /// `LocationAccess`'s.
    ///
    /// - Throws: ``HeraldClientError/Code/invalidResponse`` for a name it does not know.
    init(wireStatus status: String, requested: String?) throws {
        guard let value = LocationAuthorizationStatus(rawValue: status) else {
            throw HeraldClientError(.invalidResponse, "the daemon sent a location status “\(status)” Herald does not know")
        }
        var access: LocationAccess?
        if let requested {
            guard let asked = LocationAccess(rawValue: requested) else {
                throw HeraldClientError(.invalidResponse, "the daemon sent a location ask “\(requested)” Herald does not know")
            }
            access = asked
        }
        self.init(status: value, requested: access)
    }
}
