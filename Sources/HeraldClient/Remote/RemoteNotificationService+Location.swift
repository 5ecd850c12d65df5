import HeraldAPI
import Logging
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

    /// The app's permission from the daemon's event stream: first the permission
    /// as it is once the daemon has accepted the stream (so that no change made
    /// while it opened is missed), then each change (`locationAuthorizationChanged`).
    /// Each subscription opens a stream; it completes when the stream ends or
    /// fails, which is logged.
    public func locationAuthorizationChanges(for app: AppIdentifier) -> Signal<LocationAuthorization, Never> {
        Signal { [self] observer in
            let task = Task {
                do {
                    let events = try await remote { try await client.openEvents(app: app.rawValue) }
                    observer.send(try await locationAuthorization(for: app))
                    for try await event in events {
                        guard case .locationAuthorizationChanged(let status, let requested) = event.kind,
                            event.app == app.rawValue
                        else { continue }
                        observer.send(try LocationAuthorization(wireStatus: status, requested: requested))
                    }
                } catch {
                    logger.warning("the location authorization stream of \(app) failed: \(error)")
                }
                observer.sendCompleted()
            }
            return ActionDisposable { task.cancel() }
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
