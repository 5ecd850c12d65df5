import Foundation
import HTTPTypes
import HeraldAPI
import HeraldServer
import HummingbirdTesting
import NotificationEngine
import Testing

/// The adds' group commit and the pending list's kept JSON, seen from a client.
@Suite("Adds and lists under load")
struct GroupCommitTests {
    static let app = "com.example.shop"
    typealias List = [String: [API.PendingRequest]]

    @Test("concurrent adds all land; a bad one among them gets its own error and stops no other")
    func concurrentAdds() async throws {
        let daemon = try TestDaemon(pendingLimit: 1_000)
        try await daemon.withLiveServer { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let path = "/v1/apps/\(Self.app)/requests"
            let answers = try await withThrowingTaskGroup(of: (Int, Answer).self) { group in
                for index in 0..<120 {
                    group.addTask {
                        // Every tenth is invalid; every fifteenth is a batch of two.
                        let request: API.Request = index % 10 == 9
                            ? .simple("bad-\(index)", in: -1) : .simple("r-\(index)", in: 60 + Double(index))
                        if index % 15 == 0 {
                            let batch = API.RequestBatch(requests: [request, .simple("extra-\(index)", in: 30)])
                            return (index, try await client.call(.post, path, token: token, json: batch))
                        }
                        return (index, try await client.call(.post, path, token: token, json: request))
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            for (index, answer) in answers {
                if index % 10 == 9 {
                    #expect(answer.status == .unprocessableContent)
                    #expect(answer.errorCode == "invalidTrigger")
                } else {
                    #expect(answer.status == .created)
                    #expect(try answer.decode(API.AddResult.self).evictedIdentifiers == [])
                }
            }
            let listed = try await client.call(.get, path, token: token).decode(List.self)["requests"] ?? []
            let expected = Set((0..<120).filter { $0 % 10 != 9 }.map { "r-\($0)" }
                + (0..<120).filter { $0 % 15 == 0 }.map { "extra-\($0)" })
            #expect(listed.count == expected.count)
            #expect(Set(listed.map(\.request.identifier)) == expected)
        }
    }

    @Test("concurrent adds of one identifier leave exactly one request")
    func concurrentReplacements() async throws {
        let daemon = try TestDaemon()
        try await daemon.withLiveServer { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let path = "/v1/apps/\(Self.app)/requests"
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let answer = try await client.call(
                            .post, path, token: token, json: API.Request.simple("same", title: "v\(index)", in: 60))
                        #expect(answer.status == .created)
                    }
                }
                try await group.waitForAll()
            }
            let listed = try await client.call(.get, path, token: token).decode(List.self)["requests"] ?? []
            #expect(listed.count == 1)
            #expect(listed.first?.request.identifier == "same")
        }
    }

    @Test("the pending limit is the daemon's setting, and a limit below 1 is refused")
    func pendingLimitSetting() async throws {
        let daemon = try TestDaemon(pendingLimit: 2)
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let path = "/v1/apps/\(Self.app)/requests"
            #expect(try await client.call(.post, path, token: token, json: API.Request.simple("a", in: 10)).status == .created)
            #expect(try await client.call(.post, path, token: token, json: API.Request.simple("b", in: 20)).status == .created)
            let third = try await client.call(.post, path, token: token, json: API.Request.simple("c", in: 30))
            #expect(third.status == .conflict)
            #expect(third.errorCode == "pendingLimitReached")
            let sooner = try await client.call(.post, path, token: token, json: API.Request.simple("d", in: 5))
            #expect(try sooner.decode(API.AddResult.self).evictedIdentifiers == ["b"])
        }
        #expect(throws: DaemonError.self) {
            var configuration = DaemonConfiguration(
                port: 0, dataDirectory: daemon.directory.appendingPathComponent("other"), bundledApps: false)
            configuration.pendingLimitPerApp = 0
            _ = try HeraldDaemon(configuration: configuration)
        }
    }

    @Test("the listed JSON follows every change: adds, removals and firings")
    func listFollowsChanges() async throws {
        let daemon = try TestDaemon()
        try await daemon.withRouter { client in
            let token = try await client.register(Self.app, admin: daemon.admin)
            let path = "/v1/apps/\(Self.app)/requests"
            func identifiers() async throws -> [String] {
                let answer = try await client.call(.get, path, token: token)
                #expect(answer.status == .ok)
                #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
                return (try answer.decode(List.self)["requests"] ?? []).map(\.request.identifier)
            }
            #expect(try await identifiers() == [])
            _ = try await client.call(.post, path, token: token, json: API.Request.simple("a", in: 60))
            #expect(try await identifiers() == ["a"])
            _ = try await client.call(.post, path, token: token, json: API.Request.simple("b", in: 120))
            let first = try await client.call(.get, path, token: token)
            let again = try await client.call(.get, path, token: token)
            #expect(first.body == again.body)
            #expect(try first.decode(List.self)["requests"]?.map(\.request.identifier) == ["a", "b"])
            // The same JSON as the list encoded with the API's encoder.
            let pending = try await daemon.daemon.engine.pendingRequests(for: AppIdentifier(Self.app))
            #expect(first.body == (try API.encoder().encode(["requests": pending.map(API.PendingRequest.init)])))
            // A firing changes the list without an add or a removal.
            _ = try await client.call(.post, "/v1/debug/clock", token: daemon.admin, json: API.ClockAdvance(advanceSeconds: 60))
            #expect(try await identifiers() == ["b"])
            _ = try await client.call(.delete, "\(path)/b", token: token)
            #expect(try await identifiers() == [])
            // Another app's change is seen too.
            let other = try await client.register("com.example.todo", admin: daemon.admin)
            _ = try await client.call(.post, "/v1/apps/com.example.todo/requests", token: other, json: API.Request.simple("t", in: 60))
            #expect(try await client.call(.get, "/v1/apps/com.example.todo/requests", token: other)
                .decode(List.self)["requests"]?.map(\.request.identifier) == ["t"])
            #expect(try await identifiers() == [])
        }
    }
}
