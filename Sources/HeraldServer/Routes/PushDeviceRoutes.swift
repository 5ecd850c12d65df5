import Foundation
import HeraldAPI
import Hummingbird
import NotificationEngine
import PushService
import Signals

/// Devices on other machines, both ends (admin):
/// - on the push service, `POST /v1/push/invites` makes a one-time invite;
/// - on the device, `POST /v1/push/upstream` enrolls with a service and keeps a link
///   to it, and `GET /v1/push/upstream` says which and whether the link is up.
struct PushDeviceRoutes {
    let services: DaemonServices
    let upstream: UpstreamSlot
    let queues: any DeviceQueueStore
    let links: DeviceLinks
    let upstreamFile: URL
    /// The provider API's address and certificate fingerprint, when it listens.
    let listener: @Sendable () -> (url: String?, fingerprint: String?)

    func add(to router: Router<HeraldRequestContext>) {
        let push = router.group("v1/push")
        push.post("invites") { request, context in
            try context.requireAdmin()
            let asked = try await request.decodeJSON(API.PushInviteRequest.self, context: context)
            let (invite, code) = try PushServiceRoutes.refusing {
                try services.pushDirectory.invite(name: asked.name, now: services.scheduler.now)
            }
            let (url, fingerprint) = listener()
            return JSONResponse(
                API.PushInvite(code: code, name: invite.name, expiresAt: invite.expiresAt, url: url, fingerprint: fingerprint),
                status: .created)
        }
        push.get("enrolled") { _, context in
            try context.requireAdmin()
            let devices = services.pushDirectory.devices.map {
                API.EnrolledDevice(
                    identifier: $0.identifier, name: $0.name, enrolledAt: $0.enrolledAt, linked: links.isConnected($0.identifier))
            }
            return JSONResponse(["devices": devices])
        }
        push.delete("enrolled/:device") { _, context in
            try context.requireAdmin()
            let identifier = try context.pathParameter("device")
            _ = try PushServiceRoutes.refusing { try services.pushDirectory.removeDevice(identifier, now: services.scheduler.now) }
            links.end(identifier)
            try await queues.remove(device: identifier)
            return Response(status: .noContent)
        }
        push.post("upstream") { request, context in
            try context.requireAdmin()
            let asked = try await request.decodeJSON(API.PushConnectRequest.self, context: context)
            try Self.check(asked)
            let record: PushUpstream
            do {
                record = try await Upstream.enroll(url: asked.url, fingerprint: asked.fingerprint, code: asked.code)
            } catch {
                // The other machine's answer, or its silence: a state of things, not this
                // daemon's failure (its 5xx answers are its own).
                throw ServerError(status: .conflict, code: .serviceUnavailable, message: "\(error)")
            }
            try record.save(to: upstreamFile)
            upstream.set(Upstream(record, file: upstreamFile, engine: services.engine))
            return JSONResponse(Self.wire(record, connected: false), status: .created)
        }
        push.get("upstream") { _, context in
            try context.requireAdmin()
            guard let current = upstream.upstream else {
                throw ServerError.notFound("this daemon is not a device of a push service on another machine: herald push connect")
            }
            return JSONResponse(Self.wire(current.current, connected: current.isConnected))
        }
    }

    /// Refuses, before any connection, what cannot name a push service: an address that is
    /// not `https://host[:port]` (or `http://` on loopback), a fingerprint that is not 32
    /// hexadecimal pairs, a code that is not an invite's.
    ///
    /// - Throws: ``ServerError`` 400 `badRequest`, saying which.
    static func check(_ asked: API.PushConnectRequest) throws {
        guard let url = URLComponents(string: asked.url), let scheme = url.scheme, let host = url.host, !host.isEmpty,
            url.path.isEmpty || url.path == "/", url.query == nil, url.user == nil,
            scheme == "https" || (scheme == "http" && DaemonConfiguration.isLoopback(host))
        else {
            throw ServerError.badRequest("the push service's address is https://host:port (http:// on a loopback address only)")
        }
        if let fingerprint = asked.fingerprint {
            let pairs = fingerprint.split(separator: ":", omittingEmptySubsequences: false)
            guard pairs.count == 32, pairs.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) else {
                throw ServerError.badRequest("a fingerprint is 32 hexadecimal pairs separated by colons, as herald push invite prints it")
            }
        } else if scheme == "https" {
            throw ServerError.badRequest("a push service over TLS is pinned by its certificate's fingerprint: give it")
        }
        let code = asked.code.utf8
        guard code.count == 36, asked.code.hasPrefix("hpi_"), asked.code.dropFirst(4).allSatisfy(\.isHexDigit) else {
            throw ServerError.badRequest("an invite code is hpi_ and 32 hexadecimal digits, as herald push invite prints it")
        }
    }

    private static func wire(_ record: PushUpstream, connected: Bool) -> API.PushUpstream {
        API.PushUpstream(
            url: record.url, fingerprint: record.fingerprint, device: record.device, name: record.name, connected: connected)
    }
}
