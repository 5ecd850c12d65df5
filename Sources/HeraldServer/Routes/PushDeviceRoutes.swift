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
            let record: PushUpstream
            do {
                record = try await Upstream.enroll(url: asked.url, fingerprint: asked.fingerprint, code: asked.code)
            } catch {
                // The other machine's answer, or its silence: not this daemon's failure.
                throw ServerError(status: .badGateway, code: .serviceUnavailable, message: "\(error)")
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

    private static func wire(_ record: PushUpstream, connected: Bool) -> API.PushUpstream {
        API.PushUpstream(
            url: record.url, fingerprint: record.fingerprint, device: record.device, name: record.name, connected: connected)
    }
}
