public import HeraldAPI

extension HeraldClient {
    /// The user's answers the app has not acknowledged, oldest first:
    /// `GET /v1/apps/{app}/responses`. The app's event stream sends the same ones
    /// when it opens.
    public func waitingResponses(for app: String) async throws -> [API.Response] {
        try await call(.get, ["v1", "apps", app, "responses"], as: ResponseList.self).responses
    }

    /// Tells the daemon the app has the answer to delivery `deliveryID`, so it is
    /// not sent again: `POST /v1/apps/{app}/responses/{deliveryID}/ack`. Only the
    /// app's own token may; an answer that is not waiting (acknowledged already,
    /// or a dismissal the app does not get) is refused with 404 `deliveryNotFound`.
    public func acknowledgeResponse(to deliveryID: String, for app: String) async throws {
        try await perform(.post, ["v1", "apps", app, "responses", deliveryID, "ack"])
    }
}

/// `{"responses": [...]}`.
struct ResponseList: Codable, Sendable {
    var responses: [API.Response]
}
