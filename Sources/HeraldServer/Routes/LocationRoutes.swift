import DesktopNotifications
import Foundation
import HeraldAPI
import Hummingbird
import NotificationEngine

/// `/v1/apps/{app}/location…` and `/v1/location`: an app asks to use the
/// machine's position, the person answers, and both see why location triggers
/// wait (no permission, no GeoClue).
struct LocationRoutes {
    let services: DaemonServices
    let location: LocationFeed
    var engine: NotificationEngine { services.engine }

    func add(to router: Router<HeraldRequestContext>) {
        router.get("v1/location") { _, context in
            try context.requireAdmin()
            let state = location.state
            let apps = try services.registry.apps.sorted { $0.identifier < $1.identifier }.map { try wire($0, state) }
            return JSONResponse(
                API.LocationOverview(service: state.name, serviceError: Self.wire(state.error), apps: apps))
        }
        let app = router.group("v1/apps/:app/location")
        app.get { _, context in
            JSONResponse(try wire(try services.app(try context.pathParameter("app"), for: context), location.state))
        }
        app.post("authorization") { request, context in
            let registered = try services.app(try context.pathParameter("app"), for: context)
            let body = try await request.decodeJSON(API.LocationAuthorizationRequest.self, context: context)
            try engine.requestLocationAuthorization(try body.engineValue(), for: registered.identifier)
            return JSONResponse(try wire(registered, location.state))
        }
        app.post("authorization/answer") { request, context in
            try context.requireAdmin()
            let registered = try services.app(try context.pathParameter("app"), for: context)
            let body = try await request.decodeJSON(API.LocationAuthorizationAnswer.self, context: context)
            try engine.setLocationAuthorization(try body.engineValue(), for: registered.identifier)
            return JSONResponse(try wire(registered, location.state))
        }
    }

    /// The app's location state with the service in `state`.
    private func wire(_ app: RegisteredApp, _ state: LocationServiceState) throws -> API.Location {
        let authorization = try engine.locationAuthorization(for: app.identifier)
        let regions = engine.watchedRegions[app.identifier]?.count ?? 0
        return API.Location(
            app: app.identifier.rawValue, name: app.name, authorization: authorization, regions: regions,
            service: state.name, serviceError: Self.wire(state.error),
            waiting: Self.waiting(authorization.status, state, regions: regions))
    }

    /// Why an app's location triggers would wait, `nil` when they get positions
    /// (or, allowed and with no location request, when nothing waits).
    static func waiting(_ status: LocationAuthorizationStatus, _ state: LocationServiceState, regions: Int) -> String? {
        guard status.allowsLocation else { return "notAuthorized" }
        switch state {
        case .off: return "locationOff"
        case .unavailable: return "locationUnavailable"
        case .stopped, .starting: return regions > 0 ? "starting" : nil
        case .running: return nil
        }
    }

    private static func wire(_ error: GeoClueError?) -> API.LocationServiceError? {
        error.map { API.LocationServiceError(code: $0.code.description, message: $0.message) }
    }
}
