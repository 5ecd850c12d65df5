import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HeraldTestSupport
import HummingbirdTesting
import NIOCore
import NotificationEngine
import Testing

@Suite("An add's body: large only for attachment bytes, batches bounded, large uploads gated", .timeLimit(.minutes(2)))
struct UploadLimitTests {
    static let app = "com.example.uploads"
    static let base = "/v1/apps/\(app)/requests"

    static func daemon(_ change: (inout UploadLimits) -> Void = { _ in }, pendingLimit: Int = 64) throws -> TestDaemon {
        var limits = UploadLimits()
        change(&limits)
        // A body may wait on the test's other requests for a while on a loaded machine.
        var timeouts = TestDaemon.timeouts
        timeouts.body = .seconds(60)
        return try TestDaemon(pendingLimit: pendingLimit, connectionTimeouts: timeouts, uploadLimits: limits)
    }

    /// A request with one PNG attachment of `size` bytes, as JSON.
    static func withAttachment(_ identifier: String, size: Int) throws -> String {
        let attachment = API.Attachment(
            identifier: "a", fileName: "a.png", data: AttachmentSamples.padded(AttachmentSamples.png, to: size))
        let request = API.Request(
            identifier: identifier, content: API.Content(title: "t", attachments: [attachment]),
            trigger: .timeInterval(interval: 60, repeats: false))
        return String(decoding: try API.encoder().encode(request), as: UTF8.self)
    }

    @Test("a body over the JSON limit besides attachment bytes is refused 413, one with a large attachment is not")
    func jsonBesidesAttachments() async throws {
        let daemon = try Self.daemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            // Valid JSON, a valid request: 2 MiB of whitespace between its members.
            let padded = #"{"identifier":"padded","# + String(repeating: " ", count: 2 << 20) + #""content":{"title":"t"}}"#
            let refused = try await client.call(.post, Self.base, token: token, raw: padded)
            #expect(refused.status == .contentTooLarge)
            #expect(refused.errorCode == "payloadTooLarge")
            #expect(refused.errorMessage?.contains("besides attachment data") == true)
            let large = try await client.call(.post, Self.base, token: token, raw: try Self.withAttachment("large", size: 3 << 20))
            #expect(large.status == .created)
            let pending = try await daemon.daemon.engine.pendingRequests(for: AppIdentifier(Self.app))
            #expect(pending.map(\.request.identifier) == ["large"])
        }
    }

    @Test("a batch of more requests than the limit is refused 413 batchTooLarge, and nothing of it is added")
    func batchCount() async throws {
        let daemon = try Self.daemon(pendingLimit: 1_000)
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let over = API.RequestBatch(requests: (0...256).map { API.Request.simple("r\($0)") })
            let refused = try await client.call(.post, Self.base, token: token, json: over)
            #expect(refused.status == .contentTooLarge)
            #expect(refused.errorCode == "batchTooLarge")
            #expect(try await daemon.daemon.engine.pendingRequests(for: AppIdentifier(Self.app)).isEmpty)
            let most = API.RequestBatch(requests: (0..<256).map { API.Request.simple("r\($0)") })
            #expect(try await client.call(.post, Self.base, token: token, json: most).status == .created)
        }
    }

    @Test("large uploads beyond the limit at once are answered 503 tooManyUploads with Retry-After; small adds go on")
    func concurrentLargeUploads() async throws {
        let daemon = try Self.daemon { $0.concurrentLargeUploads = 1 }
        try await daemon.withLiveServer { client in
            let port = client.port!
            let token = try await client.register(Self.app, admin: daemon.admin)
            let first = try Self.withAttachment("first", size: 300_000)
            let cut = first.utf8.index(first.utf8.startIndex, offsetBy: 150_000)
            // The first upload sends half its body and waits, holding the one place.
            let holding = try RawHTTP(port: port)
            try holding.send(Self.post(first, token: token, sending: String(first[..<cut])))
            #expect(try await Self.eventually { daemon.daemon.services.uploads.count == 1 })
            let second = try await RawHTTP.exchange(port: port, Self.post(try Self.withAttachment("second", size: 300_000), token: token))
            #expect(second.status == 503)
            #expect(second.head.lowercased().contains("retry-after: 1"))
            #expect(second.body.contains(#""code":"tooManyUploads""#))
            let small = try await RawHTTP.exchange(port: port, Self.post(try Self.withAttachment("small", size: 1_000), token: token))
            #expect(small.status == 201, "a body under 64 KiB needs no place")
            try holding.send(String(first[cut...]))
            #expect(try await holding.answer().status == 201)
            let again = try await RawHTTP.exchange(port: port, Self.post(try Self.withAttachment("second", size: 300_000), token: token))
            #expect(again.status == 201, "the place is free again once the first add is done")
            #expect(daemon.daemon.services.uploads.count == 0)
            let pending = try await daemon.daemon.engine.pendingRequests(for: AppIdentifier(Self.app))
            #expect(Set(pending.map(\.request.identifier)) == ["first", "small", "second"])
        }
    }

    /// An add of `body` as it goes on the wire; `sending` is the part of the body sent now.
    static func post(_ body: String, token: String, sending: String? = nil) -> String {
        "POST \(base) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(sending ?? body)"
    }

    /// Whether `condition` holds before a generous deadline.
    static func eventually(_ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}
