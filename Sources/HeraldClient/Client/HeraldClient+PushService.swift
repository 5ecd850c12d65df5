public import HeraldAPI

extension HeraldClient {
    /// The push service's provider keys: `GET /v1/push/keys` (admin).
    public func pushKeys() async throws -> [API.PushKey] {
        try await call(.get, ["v1", "push", "keys"], as: PushKeyList.self).keys
    }

    /// Registers a provider's signing key from its `.p8` text for a team and the
    /// topics it owns: `POST /v1/push/keys` (admin). A topic another team owns is
    /// refused with the status 409 (`conflict`).
    public func addPushKey(_ upload: API.PushKeyUpload) async throws -> API.PushKey {
        try await call(.post, ["v1", "push", "keys"], body: upload)
    }

    /// Removes a provider key: `DELETE /v1/push/keys/{key}` (admin).
    public func removePushKey(_ identifier: String) async throws {
        try await perform(.delete, ["v1", "push", "keys", identifier])
    }

    /// Sends a push to a device token as the push service's administrator, without a
    /// provider token: `POST /v1/push/send` (admin). The result is Apple's answer: a
    /// refused push is a result with its status and reason, not a thrown error.
    public func sendPush(_ push: API.PushSend) async throws -> API.PushResult {
        try await call(.post, ["v1", "push", "send"], body: push)
    }

    /// The apps registered for remote notifications and their device tokens:
    /// `GET /v1/push/devices` (admin).
    public func pushDevices() async throws -> [API.PushDevice] {
        try await call(.get, ["v1", "push", "devices"], as: PushDeviceList.self).devices
    }
}

/// `{"keys": [...]}`.
struct PushKeyList: Codable, Sendable {
    var keys: [API.PushKey]
}

/// `{"devices": [...]}`.
struct PushDeviceList: Codable, Sendable {
    var devices: [API.PushDevice]
}
