public import HeraldAPI

extension HeraldClient {
    /// A one-time invite for a device on another machine, on the push service:
    /// `POST /v1/push/invites` (admin).
    public func invitePushDevice(name: String) async throws -> API.PushInvite {
        try await call(.post, ["v1", "push", "invites"], body: API.PushInviteRequest(name: name))
    }

    /// The devices on other machines enrolled with this push service:
    /// `GET /v1/push/enrolled` (admin).
    public func enrolledPushDevices() async throws -> [API.EnrolledDevice] {
        try await call(.get, ["v1", "push", "enrolled"], as: EnrolledDeviceList.self).devices
    }

    /// Removes an enrolled device: its credential is refused and its apps' tokens are
    /// `Unregistered` from now on: `DELETE /v1/push/enrolled/{device}` (admin).
    public func removeEnrolledPushDevice(_ identifier: String) async throws {
        try await perform(.delete, ["v1", "push", "enrolled", identifier])
    }

    /// Enrolls this daemon, as a device, with a push service on another machine and
    /// keeps a link to it: `POST /v1/push/upstream` (admin).
    public func connectPushService(_ request: API.PushConnectRequest) async throws -> API.PushUpstream {
        try await call(.post, ["v1", "push", "upstream"], body: request)
    }

    /// The push service this daemon is a device of: `GET /v1/push/upstream` (admin);
    /// 404 when it is none's.
    public func pushUpstream() async throws -> API.PushUpstream {
        try await call(.get, ["v1", "push", "upstream"])
    }
}

/// `{"devices": [...]}`.
struct EnrolledDeviceList: Codable, Sendable {
    var devices: [API.EnrolledDevice]
}
