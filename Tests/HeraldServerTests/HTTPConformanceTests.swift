import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HummingbirdTesting
import Testing

@Suite("HTTP answers the fuzzer checks: 405 with Allow, 426 for WebSocket routes, far dates refused")
struct HTTPConformanceTests {
    @Test("a known path with a method it does not have answers 405 with Allow, in the error shape")
    func methodNotAllowed() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let apps = try await client.call(.put, "/v1/apps", token: daemon.admin)
            #expect(apps.status == .methodNotAllowed)
            #expect(apps.headers[.allow] == "GET, POST")
            #expect(apps.errorCode == "methodNotAllowed")
            #expect(apps.headers[.contentType]?.hasPrefix("application/json") == true)

            let delivery = try await client.call(.delete, "/v1/deliveries/some-id", token: daemon.admin)
            #expect(delivery.status == .methodNotAllowed)
            #expect(delivery.headers[.allow] == "GET")

            let requests = try await client.call(.patch, "/v1/apps/com.example.shop/requests", token: daemon.admin)
            #expect(requests.headers[.allow] == "DELETE, GET, POST")
            #expect(try await client.call(.post, "/", token: daemon.admin).headers[.allow] == "GET")
        }
    }

    @Test("an unknown path is still 404, and a known method on a known path is not touched")
    func unknownPath() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let missing = try await client.call(.put, "/v1/nothing/here", token: daemon.admin)
            #expect(missing.status == .notFound)
            #expect(missing.errorCode == "notFound")
            #expect(missing.headers[.allow] == nil)
            #expect(try await client.call(.get, "/v1/apps", token: daemon.admin).status == .ok)
            #expect(try await client.call(.get, "/v1/apps/com.example.none", token: daemon.admin).status == .notFound)
        }
    }

    @Test("a bad credential is refused before the method is looked at")
    func credentialFirst() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let answer = try await client.call(.put, "/v1/apps", token: "wrong")
            #expect(answer.status == .unauthorized)
            #expect(answer.headers[.allow] == nil)
        }
    }

    @Test("a plain GET of a WebSocket route answers 426 with Upgrade: websocket, after the credential check")
    func upgradeRequired() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let plain = try await client.call(.get, "/v1/events", token: daemon.admin)
            #expect(plain.status == .upgradeRequired)
            #expect(plain.errorCode == "upgradeRequired")
            #expect(plain.headers[.upgrade] == "websocket")
            #expect(try await client.call(.get, "/v1/events").status == .unauthorized)
            let token = try await client.register("com.example.shop", admin: daemon.admin)
            #expect(try await client.call(.get, "/v1/events?app=com.example.other", token: token).status == .forbidden)
            // A real upgrade still switches protocols: EventStreamTests connect through it.
        }
    }

    @Test("a request that would first fire after the year 9999 is refused with invalidTrigger, and nothing is added")
    func farFutureRefused() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let app = "com.example.shop"
            let token = try await client.register(app, admin: daemon.admin)
            for seconds in [1e12, 1e300] {
                let answer = try await client.call(
                    .post, "/v1/apps/\(app)/requests", token: token, json: API.Request.simple("far", in: seconds))
                #expect(answer.status == .unprocessableContent)
                #expect(answer.errorCode == "invalidTrigger")
            }
            let late = API.Request(
                identifier: "late", content: API.Content(title: "Late"),
                trigger: .calendar(API.DateFields(year: 9_999, month: 12, day: 31, hour: 23), timeZone: "Etc/GMT+12",
                                   repeats: false, notBefore: nil))
            let answer = try await client.call(.post, "/v1/apps/\(app)/requests", token: token, json: late)
            #expect(answer.errorCode == "invalidTrigger")
            let pending = try await client.call(.get, "/v1/apps/\(app)/requests", token: token)
            #expect(try pending.decode([String: [API.PendingRequest]].self)["requests"] == [])
        }
    }

    @Test("an app adding a request with a push trigger is refused with invalidTrigger, and nothing is added")
    func pushTriggerRefused() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let app = "com.example.shop"
            let token = try await client.register(app, admin: daemon.admin)
            let pushed = API.Request(identifier: "forged", content: API.Content(title: "Forged"), trigger: .push)
            let answer = try await client.call(.post, "/v1/apps/\(app)/requests", token: token, json: pushed)
            #expect(answer.status == .unprocessableContent)
            #expect(answer.errorCode == "invalidTrigger")
            let pending = try await client.call(.get, "/v1/apps/\(app)/requests", token: token)
            #expect(try pending.decode([String: [API.PendingRequest]].self)["requests"] == [])
        }
    }
}
