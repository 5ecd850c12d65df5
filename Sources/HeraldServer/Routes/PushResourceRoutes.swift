import Foundation
import HTTPTypes
import HeraldAPI
import Hummingbird
import NIOCore
import PushService

/// RFC 8030's push resources: `POST /push/{token}` keeps a message for the
/// resource's receiver (a browser on Herald's push socket, a UnifiedPush app), to be
/// delivered as soon as it is reached, and `GET /push/messages/{id}` answers what
/// became of a message sent with `Prefer: respond-async`.
///
/// Both URLs are capabilities (a resource's 256 random bits, a message's 128): no
/// credentials are asked for, and none are read. The body is kept as sent, encrypted
/// for the receiver; Herald cannot read it.
struct PushResourceRoutes {
    let resources: any PushResourceStore
    let receivers: PushReceivers
    let now: @Sendable () -> Date

    func add(to router: Router<HeraldRequestContext>) {
        router.post("push/:token") { request, context in
            try await post(request, context)
        }
        router.get("push/messages/:id") { _, context in
            try await receipt(try context.pathParameter("id"))
        }
    }

    private func post(_ request: Request, _ context: HeraldRequestContext) async throws -> Response {
        let token = try context.pathParameter("token")
        guard PushResource.isToken(token), let resource = try await resources.resource(token: token) else {
            throw PushResourceRefusal(.notFound, "no push resource has this URL").serverError
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: PushResourceMessage.maximumBodySize)
        } catch is NIOTooManyBytesError {
            throw PushResourceRefusal(
                .payloadTooLarge, "a message is at most \(PushResourceMessage.maximumBodySize) bytes").serverError
        }
        let origin = Self.origin(of: request)
        let fields = request.headers.map { (name: $0.name.canonicalName, value: $0.value) }
        let pushRequest = PushResourceRequest(fields: fields, body: Data(body.readableBytesView))
        do {
            let (message, timeToLive) = try Self.message(of: pushRequest, for: resource, origin: origin, now: now())
            _ = try await resources.enqueue(
                message, for: resource.agent, isConnected: receivers.isConnected(resource.agent), now: now())
            let location = "\(origin)/push/messages/\(message.id)"
            var headers: HTTPFields = [.location: location, HTTPField.Name("TTL")!: String(timeToLive)]
            if message.wantsReceipt { headers[HTTPField.Name("Preference-Applied")!] = "respond-async" }
            return Response(status: message.wantsReceipt ? .accepted : .created, headers: headers)
        } catch let refusal as PushResourceRefusal {
            throw refusal.serverError
        }
    }

    /// The daemon's origin as `request` reached it (its `Host`, which the host check
    /// admitted): what push resource URLs are made under, and a VAPID token's audience.
    static func origin(of request: Request) -> String {
        request.head.authority.map { "http://\($0.lowercased())" } ?? ""
    }

    /// The message `request` asks for, its VAPID token's audience taken as this
    /// daemon's origin over HTTP or, behind a proxy that ends TLS, HTTPS.
    private static func message(of request: PushResourceRequest, for resource: PushResource, origin: String, now: Date)
        throws -> (message: PushResourceMessage, timeToLive: Int)
    {
        do {
            return try request.message(for: resource, audience: origin, now: now)
        } catch let refusal as PushResourceRefusal where refusal.code == .unauthorized && origin.hasPrefix("http://") {
            let secure = "https://" + origin.dropFirst("http://".count)
            guard let message = try? request.message(for: resource, audience: secure, now: now) else { throw refusal }
            return message
        }
    }

    /// What became of message `id`: 200 with its state while pending or once
    /// delivered, 410 once dropped undelivered, 404 when no receipt is kept.
    private func receipt(_ id: String) async throws -> JSONResponse<[String: String]> {
        switch try await resources.receipt(id: id) {
        case .pending?:
            return JSONResponse(["state": "pending"])
        case .delivered(let date)?:
            return JSONResponse(["state": "delivered", "deliveredAt": ISO8601DateFormatter().string(from: date)])
        case .dropped?:
            throw ServerError(status: .gone, code: .notFound, message: "the message was dropped undelivered")
        case nil:
            throw ServerError.notFound("no receipt is kept for this message")
        }
    }
}
