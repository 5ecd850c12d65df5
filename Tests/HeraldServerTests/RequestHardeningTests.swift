import Foundation
import HeraldAPI
import HTTPTypes
@testable import HeraldServer
import HummingbirdTesting
import Testing

@Suite("Hostile request shapes: two Host headers, control characters in an app's name")
struct RequestHardeningTests {
    @Test("a request with two Host headers is refused with 400, whichever comes first")
    func twoHostHeaders() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let port = client.port!
            for hosts in [["127.0.0.1", "evil.example"], ["127.0.0.1:\(port)", "127.0.0.1:\(port)"]] {
                let head = hosts.map { "Host: \($0)\r\n" }.joined()
                let answer = try await RawHTTP.exchange(
                    port: port, "GET /v1/apps HTTP/1.1\r\n\(head)Authorization: Bearer \(daemon.admin)\r\n\r\n")
                #expect(answer.status == 400, "\(hosts)")
                let body = try API.decoder().decode(API.ErrorBody.self, from: Data(answer.body.utf8))
                #expect(body.error.code == .badRequest, "\(hosts)")
            }
            let one = try await RawHTTP.exchange(
                port: port, "GET /v1/apps HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(daemon.admin)\r\n\r\n")
            #expect(one.status == 200)
        }
    }

    @Test("an app's name with a NUL, another control character, a line separator or a bidi override is refused with 422")
    func controlCharactersInNames() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            for name in ["Sh\u{0}op", "Shop\u{1B}]0;owned\u{7}", "Sh\nop", "Sh\u{85}op", "Sh\u{2028}op", "\u{202E}pohS", "Sh\u{7F}op"] {
                let answer = try await client.call(
                    .post, "/v1/apps", token: daemon.admin,
                    json: API.AppRegistration(identifier: "com.example.shop", name: name))
                #expect(answer.status == .unprocessableContent, "\(name.unicodeScalars.map(\.value))")
                #expect(answer.errorCode == "invalidName", "\(name.unicodeScalars.map(\.value))")
            }
            let apps = try await client.call(.get, "/v1/apps", token: daemon.admin).decode([String: [API.App]].self)
            #expect(apps["apps"] == [], "nothing was registered")
            let fine = try await client.call(
                .post, "/v1/apps", token: daemon.admin,
                json: API.AppRegistration(identifier: "com.example.shop", name: "Café 🛒 👩‍👩‍👧 Shop"))
            #expect(fine.status == .created, "letters, emoji and joiners are names")
        }
    }
}
