import Foundation
import HeraldAPI
import HeraldClient
import HeraldTestSupport
import Testing

/// Each call sends its route's method, path, token and body, and reads its answer.
struct HeraldClientRoutesTests {
    private func client(for server: HTTPTestServer) throws -> HeraldClient {
        HeraldClient(endpoint: .init(url: URL(string: server.url)!, token: "tok"))
    }

    private func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func addSendsTheRequestAndReadsTheResult() async throws {
        let server = try HTTPTestServer { _ in CannedResponse(201, #"{"evictedIdentifiers":["old"]}"#) }
        let request = API.Request(
            identifier: "walk dog/1", content: API.Content(title: "Task Reminder", body: "Walk Dog!!"),
            trigger: .timeInterval(interval: 60, repeats: true))
        let result = try await client(for: server).add(request, for: "com.example.nag")
        #expect(result.evictedIdentifiers == ["old"])
        let sent = try #require(server.requests.first)
        #expect(sent.method == "POST")
        #expect(sent.target == "/v1/apps/com.example.nag/requests")
        #expect(sent.headers["authorization"] == "Bearer tok")
        #expect(sent.headers["content-type"] == "application/json")
        #expect(try API.decoder().decode(API.Request.self, from: sent.body) == request)
    }

    @Test func pathSegmentsArePercentEncoded() async throws {
        let server = try HTTPTestServer { _ in CannedResponse(204) }
        try await client(for: server).removePendingRequest("walk dog/1?#%", for: "com.example.nag")
        #expect(server.requests.first?.method == "DELETE")
        #expect(server.requests.first?.target == "/v1/apps/com.example.nag/requests/walk%20dog%2F1%3F%23%25")
    }

    @Test func listsAreReadFromTheirEnvelopes() async throws {
        let delivery = #"{"id":"0192F4A0-0000-7000-8000-000000000001","app":"a","request":{"identifier":"r","content":{"title":"T"}},"scheduledDate":"2026-12-01T09:00:00.000Z","date":"2026-12-01T09:00:01.000Z","isLate":false}"#
        let server = try HTTPTestServer { request in
            switch request.target {
            case "/v1/apps/a/delivered": CannedResponse(200, #"{"deliveries":[\#(delivery)]}"#)
            case "/v1/apps/a/requests": CannedResponse(200, #"{"requests":[]}"#)
            case "/v1/apps": CannedResponse(200, #"{"apps":[]}"#)
            case "/v1/authorization-prompts": CannedResponse(200, #"{"prompts":[{"app":"a","name":"A","options":["alert"]}]}"#)
            default: CannedResponse(404, #"{"error":{"code":"notFound","message":"no route"}}"#)
            }
        }
        let client = try client(for: server)
        let deliveries = try await client.deliveredNotifications(for: "a")
        #expect(deliveries.map(\.id) == ["0192F4A0-0000-7000-8000-000000000001"])
        #expect(deliveries.first?.date == Date(timeIntervalSince1970: 1_796_115_601))
        #expect(try await client.pendingRequests(for: "a").isEmpty)
        #expect(try await client.apps().isEmpty)
        #expect(try await client.authorizationPrompts() == [API.AuthorizationPrompt(app: "a", name: "A", options: ["alert"])])
    }

    @Test func everyRouteUsesItsMethodAndPath() async throws {
        let server = try HTTPTestServer { request in
            switch (request.method, request.target) {
            case ("POST", "/v1/apps/a/authorization"): CannedResponse(200, #"{"granted":true}"#)
            case (_, "/v1/apps/a/badge"): CannedResponse(200, #"{"badge":4}"#)
            case ("POST", "/v1/debug/clock"), ("GET", "/v1/clock"):
                CannedResponse(200, #"{"now":"2026-12-01T09:00:00.000Z","isVirtual":true}"#)
            case ("PUT", "/v1/apps/a/categories"): CannedResponse(200, String(decoding: request.body, as: UTF8.self))
            case ("PATCH", "/v1/apps/a/preferences"): CannedResponse(200, #"{"alertStyle":"alert"}"#)
            default: CannedResponse(204)
            }
        }
        let client = try client(for: server)
        #expect(try await client.requestAuthorization(options: ["alert", "sound"], for: "a"))
        #expect(try await client.setBadge(4, for: "a") == 4)
        #expect(try await client.advanceClock(by: 90).isVirtual)
        let category = API.Category(identifier: "reminder", actions: [API.Action(identifier: "cancel", title: "Cancel")])
        #expect(try await client.setCategories([category], for: "a") == [category])
        #expect(try await client.updatePreferences(API.Preferences(alertStyle: "alert"), for: "a").alertStyle == "alert")
        try await client.respond(to: "D1", actionIdentifier: "cancel", userText: "hi")
        try await client.answerAuthorization(for: "a", granted: false)
        try await client.removeAllDeliveredNotifications(for: "a")
        try await client.removeApp("a")
        let sent = server.requests.map { "\($0.method) \($0.target) \(String(decoding: $0.body, as: UTF8.self))" }
        #expect(sent == [
            #"POST /v1/apps/a/authorization {"options":["alert","sound"]}"#,
            #"PUT /v1/apps/a/badge {"badge":4}"#,
            #"POST /v1/debug/clock {"advanceSeconds":90}"#,
            #"PUT /v1/apps/a/categories {"categories":[{"actions":[{"identifier":"cancel","options":[],"title":"Cancel"}],"identifier":"reminder","options":[]}]}"#,
            #"PATCH /v1/apps/a/preferences {"alertStyle":"alert"}"#,
            #"POST /v1/deliveries/D1/response {"actionIdentifier":"cancel","userText":"hi"}"#,
            #"POST /v1/apps/a/authorization/answer {"granted":false}"#,
            "DELETE /v1/apps/a/delivered ",
            "DELETE /v1/apps/a ",
        ])
    }

    @Test func errorAnswersThrowTheDaemonsError() async throws {
        let server = try HTTPTestServer { _ in
            CannedResponse(409, #"{"error":{"code":"conflict","message":"com.example.todo is already registered"}}"#)
        }
        let error = await #expect(throws: HeraldClientError.self) {
            try await client(for: server).registerApp(API.AppRegistration(identifier: "com.example.todo", name: "Todo"))
        }
        #expect(error?.code == .refused)
        #expect(error?.status == 409)
        #expect(error?.serverError == .init(code: .conflict, message: "com.example.todo is already registered"))
        #expect(error?.description == "conflict: com.example.todo is already registered")
    }

    @Test func answersThatAreNotTheAPIsAreReported() async throws {
        let plain = try HTTPTestServer { _ in CannedResponse(502, "bad gateway") }
        let refused = await #expect(throws: HeraldClientError.self) { try await client(for: plain).clock() }
        #expect(refused?.code == .refused)
        #expect(refused?.status == 502)
        #expect(refused?.serverError == nil)
        let wrongShape = try HTTPTestServer { _ in CannedResponse(200, #"{"now":5}"#) }
        let invalid = await #expect(throws: HeraldClientError.self) { try await client(for: wrongShape).clock() }
        #expect(invalid?.code == .invalidResponse)
    }

    @Test func noDaemonIsUnreachable() async throws {
        let refusing = try RefusingPort()
        let client = HeraldClient(endpoint: .init(url: URL(string: "http://127.0.0.1:\(refusing.port)")!, token: "t"))
        let error = await #expect(throws: HeraldClientError.self) { try await client.health() }
        #expect(error?.code == .daemonUnreachable)
        withExtendedLifetime(refusing) {}
    }
}
