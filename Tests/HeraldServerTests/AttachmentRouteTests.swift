import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HeraldTestSupport
import HummingbirdTesting
import NotificationEngine
import Testing

@Suite("Attachments over HTTP", .offThePool)
struct AttachmentRouteTests {
    static let app = "com.example.photos"
    static let other = "com.example.other"
    static let base = "/v1/apps/\(app)"

    static func request(
        _ identifier: String, in seconds: Double? = nil, _ attachments: [API.Attachment]
    ) -> API.Request {
        API.Request(
            identifier: identifier, content: API.Content(title: "Look", attachments: attachments),
            trigger: seconds.map { .timeInterval(interval: $0, repeats: false) })
    }

    static let cat = API.Attachment(identifier: "cat", fileName: "cat.png", data: AttachmentSamples.png)

    @Test("an attachment added as base64 is delivered with its size and digest, and downloads as itself")
    func addDeliverDownload() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let added = try await client.call(.post, "\(Self.base)/requests", token: token, json: Self.request("r", [Self.cat]))
            #expect(added.status == .created)
            let delivered = try await client.call(.get, "\(Self.base)/delivered", token: token)
                .decode([String: [API.Delivery]].self)
            let delivery = try #require(delivered["deliveries"]?.first)
            let attachment = try #require(delivery.request.content.attachments.first)
            #expect(attachment.identifier == "cat" && attachment.type == "public.png" && attachment.fileName == "cat.png")
            #expect(attachment.size == AttachmentSamples.png.count && attachment.digest.count == 64)
            #expect(attachment.data == nil)
            #expect(!String(decoding: try await client.call(.get, "\(Self.base)/delivered", token: token).body, as: UTF8.self)
                .contains("\"data\""))

            let download = try await client.call(.get, "/v1/deliveries/\(delivery.id)/attachments/cat", token: token)
            #expect(download.status == .ok)
            #expect(download.body == AttachmentSamples.png)
            #expect(download.headers[.contentType] == "image/png")
            #expect(download.headers[values: .xContentTypeOptions] == ["nosniff"])
            #expect(download.headers[.contentDisposition] == "inline; filename=\"cat.png\"; filename*=UTF-8''cat.png")
            let byAdmin = try await client.call(.get, "/v1/deliveries/\(delivery.id)/attachments/cat", token: daemon.admin)
            #expect(byAdmin.status == .ok && byAdmin.body == AttachmentSamples.png)
            let unknown = try await client.call(.get, "/v1/deliveries/\(delivery.id)/attachments/dog", token: token)
            #expect(unknown.status == .notFound && unknown.errorCode == "attachmentNotFound")
        }
    }

    @Test("downloads need a credential, and another app's attachments are not found")
    func authentication() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let otherToken = try await client.register(Self.other, admin: daemon.admin)
            _ = try await client.call(.post, "\(Self.base)/requests", token: token, json: Self.request("now", [Self.cat]))
            _ = try await client.call(.post, "\(Self.base)/requests", token: token, json: Self.request("later", in: 60, [Self.cat]))
            let delivered = try await client.call(.get, "\(Self.base)/delivered", token: token)
                .decode([String: [API.Delivery]].self)
            let id = try #require(delivered["deliveries"]?.first?.id)
            let path = "/v1/deliveries/\(id)/attachments/cat"

            #expect(try await client.call(.get, path).status == .unauthorized)
            #expect(try await client.call(.get, path, token: "hat_not-a-token").status == .unauthorized)
            let foreign = try await client.call(.get, path, token: otherToken)
            #expect(foreign.status == .notFound && foreign.body != AttachmentSamples.png)

            let pendingPath = "\(Self.base)/requests/later/attachments/cat"
            let pending = try await client.call(.get, pendingPath, token: token)
            #expect(pending.status == .ok && pending.body == AttachmentSamples.png)
            #expect(try await client.call(.get, pendingPath).status == .unauthorized)
            #expect(try await client.call(.get, pendingPath, token: otherToken).status == .forbidden)
            let gone = try await client.call(.get, "\(Self.base)/requests/now/attachments/cat", token: token)
            #expect(gone.status == .notFound && gone.errorCode == "attachmentNotFound")
        }
    }

    @Test("an app cannot name stored bytes by their digest: attachments are added by their bytes")
    func noReferencesToStoredBytes() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let otherToken = try await client.register(Self.other, admin: daemon.admin)
            _ = try await client.call(.post, "\(Self.base)/requests", token: token, json: Self.request("r", in: 60, [Self.cat]))
            let pending = try await client.call(.get, "\(Self.base)/requests", token: token)
                .decode([String: [API.PendingRequest]].self)
            let digest = try #require(pending["requests"]?.first?.request.content.attachments.first?.digest)
            let reference = API.Attachment(identifier: "cat", type: "public.png", fileName: "cat.png", digest: digest)
            let refused = try await client.call(
                .post, "/v1/apps/\(Self.other)/requests", token: otherToken, json: Self.request("steal", in: 60, [reference]))
            #expect(refused.status == .notFound && refused.errorCode == "attachmentNotInDataStore")
            let list = try await client.call(.get, "/v1/apps/\(Self.other)/requests", token: otherToken)
                .decode([String: [API.PendingRequest]].self)
            #expect(list["requests"] == [])
        }
    }

    @Test("bad attachments are refused with their codes")
    func refusals() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            func code(_ attachment: API.Attachment) async throws -> (HTTPResponse.Status, String?) {
                let answer = try await client.call(
                    .post, "\(Self.base)/requests", token: token, json: Self.request("r", in: 60, [attachment]))
                return (answer.status, answer.errorCode)
            }
            let corrupt = API.Attachment(identifier: "a", fileName: "a.png", data: AttachmentSamples.gif)
            #expect(try await code(corrupt) == (.unprocessableContent, "attachmentCorrupt"))
            let untyped = API.Attachment(identifier: "a", fileName: "a.txt", data: Data("text".utf8))
            #expect(try await code(untyped) == (.unprocessableContent, "attachmentUnrecognizedType"))
            let empty = API.Attachment(identifier: "a", fileName: "a.png", data: Data())
            #expect(try await code(empty) == (.contentTooLarge, "attachmentInvalidFileSize"))
            let clipped = API.Attachment(
                identifier: "a", fileName: "a.png", thumbnailClippingRect: .init(x: 0, y: 0, width: 2, height: 1),
                data: AttachmentSamples.png)
            #expect(try await code(clipped) == (.unprocessableContent, "attachmentCorrupt"))
            let eleven = (0..<11).map { API.Attachment(identifier: "a\($0)", fileName: "a.png", data: AttachmentSamples.png) }
            let many = try await client.call(.post, "\(Self.base)/requests", token: token, json: Self.request("r", in: 60, eleven))
            #expect(many.status == .unprocessableContent && many.errorCode == "tooManyAttachments")
            let notBase64 = #"{"identifier":"r","content":{"title":"t","attachments":[{"identifier":"a","fileName":"a.png","data":"%%%"}]}}"#
            #expect(try await client.call(.post, "\(Self.base)/requests", token: token, raw: notBase64).status == .badRequest)
        }
    }

    @Test("the add body limit fits an attachment far over 64 KiB, and no more than the largest")
    func bodyLimit() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let large = API.Attachment(
                identifier: "big", fileName: "big.png", data: AttachmentSamples.padded(AttachmentSamples.png, to: 1_000_000))
            let added = try await client.call(.post, "\(Self.base)/requests", token: token, json: Self.request("r", in: 60, [large]))
            #expect(added.status == .created)
            let overLimit = String(repeating: " ", count: HeraldRequestContext.maxAttachmentUploadSize + 1)
            let refused = try await client.call(.post, "\(Self.base)/requests", token: token, raw: overLimit)
            #expect(refused.status == .contentTooLarge && refused.errorCode == "payloadTooLarge")
            let elsewhere = String(repeating: " ", count: 70_000)
            #expect(try await client.call(.put, "\(Self.base)/categories", token: token, raw: elsewhere).status == .contentTooLarge)
        }
    }

    @Test("the largest attachment allowed, a 50 MiB video, fits the body limit; one byte more is refused")
    func largestAttachment() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            var header = Data([0, 0, 0, 0x18])
            header.append(contentsOf: Array("ftypmp42".utf8))
            let largest = AttachmentSamples.padded(header, to: AttachmentType.largestSize)
            let video = API.Attachment(identifier: "clip", fileName: "clip.mp4", data: largest)
            let added = try await client.call(.post, "\(Self.base)/requests", token: token, json: Self.request("v", in: 60, [video]))
            #expect(added.status == .created)
            let download = try await client.call(.get, "\(Self.base)/requests/v/attachments/clip", token: token)
            #expect(download.status == .ok && download.headers[.contentType] == "video/mp4")
            #expect(download.body == largest)
            var tooLarge = video
            tooLarge.data = largest + Data([0])
            let refused = try await client.call(.post, "\(Self.base)/requests", token: token, json: Self.request("w", in: 60, [tooLarge]))
            #expect(refused.status == .contentTooLarge && refused.errorCode == "attachmentInvalidFileSize")
        }
    }

    @Test("a file name cannot inject header fields into Content-Disposition")
    func dispositionIsSafe() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let name = "a\"b;\r\nSet-Cookie: x=1 é.png"
            let attachment = API.Attachment(identifier: "a", fileName: name, data: AttachmentSamples.png)
            let added = try await client.call(.post, "\(Self.base)/requests", token: token, json: Self.request("r", in: 60, [attachment]))
            #expect(added.status == .created)
            let download = try await client.call(.get, "\(Self.base)/requests/r/attachments/a", token: token)
            #expect(download.status == .ok)
            #expect(download.headers[.setCookie] == nil)
            #expect(download.headers[.contentDisposition]
                == "inline; filename=\"a_b___Set-Cookie__x_1__.png\"; filename*=UTF-8''a%22b%3B%0D%0ASet-Cookie%3A%20x%3D1%20%C3%A9.png")
        }
    }
}
