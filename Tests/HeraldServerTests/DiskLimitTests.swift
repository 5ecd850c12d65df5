import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HeraldTestSupport
import HummingbirdTesting
import NotificationEngine
import Testing

/// What an app can make the daemon keep on disk is bounded: its notification
/// center, and its attachments' bytes.
@Suite("Disk limits per app over HTTP")
struct DiskLimitTests {
    static let app = "com.example.photos"
    static let base = "/v1/apps/\(app)"

    static func delivered(_ client: any TestClientProtocol, token: String) async throws -> [API.Delivery] {
        try await client.call(.get, "\(base)/delivered", token: token).decode([String: [API.Delivery]].self)["deliveries"]
            ?? []
    }

    @Test("a delivery beyond --delivered-limit pushes the oldest out of the center, reported as withdrawn")
    func centerLimit() async throws {
        let daemon = try TestDaemon(deliveredLimit: 2)
        try await daemon.withLiveServer { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            // Resuming after 0, the stream opens with the app's authorization and misses nothing.
            let messages = try await TwoNodeEventStreamTests.read(
                client, token: token, path: "/v1/events?after=0",
                opened: {
                    for name in ["a", "b", "c"] {
                        _ = try await client.call(
                            .post, "\(Self.base)/requests", token: token, json: API.Request.simple(name, in: nil))
                    }
                },
                until: { messages in
                    messages.contains { $0.event.type == .withdrawn }
                        && messages.contains { if case .presented(let p) = $0.event.kind { p.delivery.request.identifier == "c" } else { false } }
                })
            let events = messages.map(\.event)
            let listed = try await Self.delivered(client, token: token)
            #expect(listed.map(\.request.identifier) == ["b", "c"])
            let withdrawn = events.compactMap { event -> [String]? in
                if case .withdrawn(let deliveries) = event.kind { deliveries } else { nil }
            }.flatMap { $0 }
            let first = events.compactMap { event -> String? in
                if case .delivered(let delivery) = event.kind, delivery.request.identifier == "a" { delivery.id } else { nil }
            }
            #expect(withdrawn == first)
        }
    }

    @Test("an add whose attachments would take the app past --attachment-quota is refused with 413 and changes nothing")
    func attachmentQuota() async throws {
        let daemon = try TestDaemon(attachmentQuota: AttachmentSamples.png.count)
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let png = API.Attachment(identifier: "img", fileName: "img.png", data: AttachmentSamples.png)
            let gif = API.Attachment(identifier: "img", fileName: "img.gif", data: AttachmentSamples.gif)
            func add(_ name: String, _ attachment: API.Attachment) async throws -> Answer {
                let request = API.Request(
                    identifier: name, content: API.Content(title: name, attachments: [attachment]),
                    trigger: .timeInterval(interval: 60, repeats: false))
                return try await client.call(.post, "\(Self.base)/requests", token: token, json: request)
            }
            #expect(try await add("first", png).status == .created)
            #expect(try await add("same bytes", png).status == .created)
            let refused = try await add("other bytes", gif)
            #expect(refused.status == .contentTooLarge && refused.errorCode == "payloadTooLarge")
            let pending = try await client.call(.get, "\(Self.base)/requests", token: token)
                .decode([String: [API.PendingRequest]].self)["requests"]?.map(\.request.identifier)
            #expect(pending?.sorted() == ["first", "same bytes"])
        }
    }
}
