import Foundation
import HTTPTypes
import HeraldAPI
@testable import HeraldServer
import HeraldTestSupport
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOWebSocket
import NotificationEngine
import NotificationModel
import Synchronization
import Testing

/// Several daemons on one PostgreSQL database: the admin tokens, apps and
/// their tokens, browser sessions, sign-in codes and webhook posts are the
/// database's, so any node serves what another one set up, and a revocation on
/// one reaches every node.
@Suite("Daemons sharing one PostgreSQL database")
struct TwoNodeDaemonTests {
    /// Two daemons on one new schema, each with a data directory of its own.
    static func nodes() throws -> (TestDaemon, TestDaemon, String) {
        let url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set, and CI requires it")
        return (try TestDaemon(databaseURL: url), try TestDaemon(databaseURL: url), url)
    }

    /// Waits until `condition` holds: a change made on one node reaches another
    /// when its announcement does (milliseconds; the limit is for a loaded machine).
    static func eventually(
        _ what: String, within limit: Duration = .seconds(20), _ condition: () async throws -> Bool
    ) async throws {
        // Looked at once more after the deadline, which a loaded machine may wake this task after.
        let deadline = ContinuousClock.now + limit
        while true {
            if try await condition() { return }
            guard ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("not within \(limit): \(what)")
    }

    @Test(
        "an app registered on one node works on the other; renewing or removing it there stops its old token everywhere",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func apps() async throws {
        let (one, two, _) = try Self.nodes()
        try await one.withRouter { first in
            try await two.withRouter { second in
                let token = try await first.register("com.example.shared", admin: one.admin)
                try await Self.eventually("the token opens the second node") {
                    try await second.call(.get, "/v1/apps/com.example.shared/requests", token: token).status == .ok
                }
                let added = try await second.call(
                    .post, "/v1/apps/com.example.shared/requests", token: token, json: API.Request.simple("walk"))
                #expect(added.status == .created)
                let pending = try await first.call(.get, "/v1/apps/com.example.shared/requests", token: token)
                #expect(try pending.decode([String: [API.PendingRequest]].self)["requests"]?.map(\.request.identifier) == ["walk"])

                let renewed = try await second.call(.post, "/v1/apps/com.example.shared/token", token: one.admin)
                let newToken = try renewed.decode(API.AppCredentials.self).token
                try await Self.eventually("the old token stops opening the first node") {
                    try await first.call(.get, "/v1/apps/com.example.shared/requests", token: token).status == .unauthorized
                }
                #expect(try await first.call(.get, "/v1/apps/com.example.shared/requests", token: newToken).status == .ok)

                #expect(try await first.call(.delete, "/v1/apps/com.example.shared", token: one.admin).status == .noContent)
                try await Self.eventually("the removed app's token stops opening the second node") {
                    try await second.call(.get, "/v1/apps/com.example.shared/requests", token: newToken).status == .unauthorized
                }
            }
        }
    }

    @Test(
        "renewing a token on one node closes the streams opened with the old one on another, with 4401",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func streamsCloseEverywhere() async throws {
        let (one, two, _) = try Self.nodes()
        try await one.withLiveServer { first in
            try await two.withLiveServer { second in
                let token = try await first.register("com.example.streamed", admin: one.admin)
                try await Self.eventually("the token opens the second node") {
                    try await second.call(.get, "/v1/apps/com.example.streamed/requests", token: token).status == .ok
                }
                let admin = one.admin
                let (close, _) = try await StreamSecurityTests.streamUntilClosed(
                    second, headers: StreamSecurityTests.bearer(token)
                ) {
                    let renewed = try await first.call(.post, "/v1/apps/com.example.streamed/token", token: admin)
                    #expect(renewed.status == .ok)
                }
                #expect(close?.closeCode == .unknown(4401))
            }
        }
    }

    @Test(
        "two nodes registering one identifier at once make one app and one conflict",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func registrationRace() async throws {
        let (one, two, _) = try Self.nodes()
        try await one.withRouter { first in
            try await two.withRouter { second in
                for round in 0..<10 {
                    let registration = API.AppRegistration(identifier: "com.example.race\(round)", name: "Race")
                    async let a = first.call(.post, "/v1/apps", token: one.admin, json: registration)
                    async let b = second.call(.post, "/v1/apps", token: one.admin, json: registration)
                    let statuses = [try await a.status, try await b.status].map(\.code).sorted()
                    #expect(statuses == [201, 409], "round \(round)")
                }
            }
        }
    }

    @Test(
        "a browser session from one node opens the other, and signing out on one ends it on both",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func sessions() async throws {
        let (one, two, _) = try Self.nodes()
        try await one.withRouter { first in
            try await two.withRouter { second in
                let cookie = try await SecurityTests.signIn(first, one)
                try await Self.eventually("the session opens the second node") {
                    try await second.call(.get, "/v1/apps", headers: cookie).status == .ok
                }
                var keyless = cookie
                keyless[SessionKeyTransport.header] = nil
                #expect(try await second.call(.get, "/v1/apps", headers: keyless).errorCode == "sessionKeyRequired")
                let out = try await second.call(.post, "/logout", headers: cookie)
                #expect(out.status == .noContent)
                try await Self.eventually("the ended session stops opening the first node") {
                    try await first.call(.get, "/v1/apps", headers: cookie).status == .unauthorized
                }
            }
        }
    }

    @Test(
        "a sign-in code one node made signs a browser in on the other, once",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func signInCode() async throws {
        let (one, two, _) = try Self.nodes()
        try await one.withRouter { first in
            try await two.withRouter { second in
                let code = try await first.call(.post, "/v1/sessions/codes", token: one.admin)
                    .decode(API.SignInCode.self).code
                #expect(try await second.call(.get, "/login?code=\(code)").status == .ok)
                try SignInCodeTests.expectRefusal(try await first.call(.get, "/login?code=\(code)"))
            }
        }
    }

    @Test(
        "a bundled app's list edited through one node is the list every node shows, and concurrent edits are all kept",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func bundledApps() async throws {
        let url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set")
        let one = try TestDaemon(bundledApps: true, databaseURL: url)
        let two = try TestDaemon(bundledApps: true, databaseURL: url)
        let admin = one.admin
        @Sendable func names(_ reply: [String: JSONValue]) -> [String] {
            guard case .array(let items)? = reply["items"] else { return [] }
            return items.compactMap { if case .object(let item) = $0, case .string(let name)? = item["name"] { name } else { nil } }
        }
        try await one.withRouter { first in
            try await two.withRouter { second in
                _ = try await BundledAppRoutesTests.action(first, "shopping-list", "addItem", ["name": "milk"], admin: admin)
                let seen = try await BundledAppRoutesTests.action(second, "shopping-list", "state", .null, admin: admin)
                #expect(names(seen) == ["milk"])

                try await withThrowingTaskGroup(of: Void.self) { group in
                    for n in 0..<10 {
                        group.addTask {
                            _ = try await BundledAppRoutesTests.action(
                                first, "shopping-list", "addItem", ["name": .string("one \(n)")], admin: admin)
                        }
                        group.addTask {
                            _ = try await BundledAppRoutesTests.action(
                                second, "shopping-list", "addItem", ["name": .string("two \(n)")], admin: admin)
                        }
                    }
                    try await group.waitForAll()
                }
                let final = try await BundledAppRoutesTests.action(first, "shopping-list", "state", .null, admin: admin)
                let expected = ["milk"] + (0..<10).flatMap { ["one \($0)", "two \($0)"] }
                #expect(names(final).sorted() == expected.sorted(), "no node's change overwrote another's")
            }
        }
    }

    @Test(
        "a webhook post is one node's while it renews its lease; another takes it over when the lease is given up or runs out",
        .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
    func webhookLeases() async throws {
        let url = try #require(TestPostgres.uniqueSchemaURL())
        let store = try PostgresStore(url: url)
        defer { try? store.dropSchema() }
        let database = try DaemonDatabase(store: store)
        let now = Date()
        let one = try WebhookOutbox(database: database, node: UUID(), now: now)
        let two = try WebhookOutbox(database: database, node: UUID(), now: now)
        let body: (Int64) -> Data = { Data("{\"sequence\":\($0)}".utf8) }

        let post = try #require(try one.enqueue(type: "delivered", delivery: "d1", app: "a", now: now, makeBody: body))
        #expect(try two.enqueue(type: "delivered", delivery: "d1", app: "a", now: now, makeBody: body) == nil)
        #expect(try two.waiting().isEmpty, "the first node holds it")
        try one.recordAttempt(of: post.id, now: now)
        try one.releaseLeases()
        let taken = try two.waiting()
        #expect(taken.map(\.id) == [post.id])
        #expect(taken.first?.attempts == 1)
        #expect(taken.first?.body == body(post.id))
        #expect(try one.waiting().isEmpty, "the second node holds it now")

        // While the second node renews its lease (for longer than a lease), the post stays its own.
        for _ in 0..<15 {
            try two.renewLeases()
            #expect(try one.waiting().isEmpty, "a renewed lease is kept")
            try await Task.sleep(for: .milliseconds(100))
        }
        // It stops renewing (it died): after the lease, the first node takes the post back.
        let deadline = ContinuousClock.now + .seconds(20)
        var back: [WebhookOutbox.Post] = []
        while back.isEmpty, ContinuousClock.now < deadline {
            back = try one.waiting()
            if back.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(back.map(\.id) == [post.id])
        try one.finish(post.id, now: now)
        try one.releaseLeases()
        #expect(try two.waiting().isEmpty, "a finished post is nobody's")
    }
}
