import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HummingbirdTesting
import NotificationEngine
import Testing

/// Localized texts over HTTP, through the real server: a hostile format or an
/// amplifying marker is refused with the one error shape and a 4xx, and what
/// the daemon accepts fires as the app wrote it.
@Suite("Localized texts over HTTP")
struct LocalizedTextRouteTests {
    static let app = "com.example.l10n"

    static func request(
        _ identifier: String, title: String = LocalizedString.marker(0), body: String = "",
        _ localization: LocalizedString
    ) -> API.Request {
        API.Request(
            identifier: identifier,
            content: API.Content(title: title, body: body, localizations: [localization]),
            trigger: .timeInterval(interval: 60, repeats: false))
    }

    @Test("A hostile format gets 422 invalidPayload, an amplifying marker 413 payloadTooLarge, and nothing is added")
    func refused() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let base = "/v1/apps/\(Self.app)/requests"
            for (format, arguments) in [
                ("%1$@ %1$d", [12_345_678] as [JSONValue]), ("%1$lx %1$@", ["secret"]),
                (String(repeating: "\u{600}%@", count: 8), []), ("%20000000d", [1]),
            ] {
                let localization = LocalizedString(key: "KEY", arguments: arguments, formats: ["en": format])
                let answer = try await client.call(.post, base, token: token, json: Self.request("bad", localization))
                #expect(answer.status == .unprocessableContent, "\(format)")
                #expect(answer.errorCode == "invalidPayload")
                #expect(answer.errorMessage?.contains("localized text \"KEY\" is invalid") == true, "\(String(describing: answer.errorMessage))")
            }
            let amplified = Self.request(
                "big", title: String(repeating: LocalizedString.marker(0), count: 100),
                body: String(repeating: LocalizedString.marker(0), count: 1_000),
                LocalizedString(key: "KEY", formats: ["en": String(repeating: "x", count: 20_000)]))
            let answer = try await client.call(.post, base, token: token, json: amplified)
            #expect(answer.status == .contentTooLarge)
            #expect(answer.errorCode == "payloadTooLarge")
            #expect(answer.errorMessage?.contains("once its localized texts are filled in") == true)
            let pending = try await client.call(.get, base, token: token).decode([String: [API.PendingRequest]].self)
            #expect(pending["requests"] == [])
        }
    }

    @Test("What the daemon accepts fires as written; a number too large for %d is clamped")
    func accepted() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let base = "/v1/apps/\(Self.app)"
            let photos = LocalizedString(key: "PHOTOS", arguments: ["Anna", 3], formats: ["en": "%1$@ shared %2$ld photos"])
            let huge = LocalizedString(key: "HUGE", arguments: [1e300], formats: ["en": "%d"])
            for (identifier, localization) in [("photos", photos), ("huge", huge)] {
                let added = try await client.call(.post, "\(base)/requests", token: token, json: Self.request(identifier, localization))
                #expect(added.status == .created, "\(identifier): \(String(describing: added.errorMessage))")
            }
            _ = try await client.call(.post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: 60))
            let delivered = try await client.call(.get, "\(base)/delivered", token: token).decode([String: [API.Delivery]].self)
            let titles = Dictionary(uniqueKeysWithValues: (delivered["deliveries"] ?? []).map { ($0.request.identifier, $0.request.content.title) })
            #expect(titles == ["photos": "Anna shared 3 photos", "huge": "9223372036854775807"])
        }
    }
}
