public import HeraldAPI

extension HeraldClient {
    /// The app's location permission and why its location triggers wait, if
    /// they do: `GET /v1/apps/{app}/location`.
    public func location(for app: String) async throws -> API.Location {
        try await call(.get, ["v1", "apps", app, "location"])
    }

    /// The app asks to use the machine's position, `whenInUse` or `always`; the
    /// person answers later: `POST /v1/apps/{app}/location/authorization`.
    public func requestLocationAuthorization(_ access: String, for app: String) async throws -> API.Location {
        try await call(
            .post, ["v1", "apps", app, "location", "authorization"], body: API.LocationAuthorizationRequest(access: access))
    }

    /// The person's answer to an app's location ask, a `CLAuthorizationStatus`
    /// name: `POST /v1/apps/{app}/location/authorization/answer` (admin).
    public func answerLocationAuthorization(_ status: String, for app: String) async throws -> API.Location {
        try await call(
            .post, ["v1", "apps", app, "location", "authorization", "answer"],
            body: API.LocationAuthorizationAnswer(status: status))
    }

    /// Whether the daemon gets positions, and every app's location state:
    /// `GET /v1/location` (admin).
    public func locationOverview() async throws -> API.LocationOverview {
        try await call(.get, ["v1", "location"])
    }
}
