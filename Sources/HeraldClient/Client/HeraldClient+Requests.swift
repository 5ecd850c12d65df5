public import HeraldAPI

extension HeraldClient {
    /// The app's categories: `GET /v1/apps/{app}/categories`.
    public func categories(for app: String) async throws -> [API.Category] {
        try await call(.get, ["v1", "apps", app, "categories"], as: API.CategoryList.self).categories
    }

    /// Replaces the app's categories; an empty array removes them all:
    /// `PUT /v1/apps/{app}/categories`. Returns the categories now set.
    @discardableResult
    public func setCategories(_ categories: [API.Category], for app: String) async throws -> [API.Category] {
        let list = API.CategoryList(categories: categories)
        return try await call(.put, ["v1", "apps", app, "categories"], body: list, as: API.CategoryList.self).categories
    }

    /// Schedules a request, replacing a pending one with the same identifier:
    /// `POST /v1/apps/{app}/requests`. A request without a trigger is delivered at once.
    @discardableResult
    public func add(_ request: API.Request, for app: String) async throws -> API.AddResult {
        try await call(.post, ["v1", "apps", app, "requests"], body: request)
    }

    /// Schedules many requests in one transaction, all or none:
    /// `POST /v1/apps/{app}/requests` with `{"requests": [...]}`. The daemon takes at
    /// most 256 requests a batch (`batchTooLarge` beyond) and 1 MiB of JSON besides
    /// attachment bytes (`payloadTooLarge`).
    @discardableResult
    public func add(_ requests: [API.Request], for app: String) async throws -> API.AddResult {
        try await call(.post, ["v1", "apps", app, "requests"], body: API.RequestBatch(requests: requests))
    }

    /// The app's requests waiting to fire, soonest first: `GET /v1/apps/{app}/requests`.
    public func pendingRequests(for app: String) async throws -> [API.PendingRequest] {
        try await call(.get, ["v1", "apps", app, "requests"], as: RequestList.self).requests
    }

    /// Removes one pending request; an identifier that is not pending is ignored:
    /// `DELETE /v1/apps/{app}/requests/{identifier}`.
    public func removePendingRequest(_ identifier: String, for app: String) async throws {
        try await perform(.delete, ["v1", "apps", app, "requests", identifier])
    }

    /// Removes every pending request of the app: `DELETE /v1/apps/{app}/requests`.
    public func removeAllPendingRequests(for app: String) async throws {
        try await perform(.delete, ["v1", "apps", app, "requests"])
    }
}

/// `{"requests": [...]}`.
struct RequestList: Codable, Sendable {
    var requests: [API.PendingRequest]
}
