import Foundation
import HeraldClient
import HeraldTestSupport
import Testing

/// A push service and a device, two `herald serve` of their own: the device is invited
/// and connects, an app on it gets its token from the service, and pushes the service
/// accepts reach it — at once while linked, in order and once after it was away.
@Suite(.serialized)
struct PushDeviceEndToEndTests {
    static let app = "com.example.chat"

    /// The titles of the app's notifications on `daemon`, oldest first.
    static func titles(_ daemon: TestDaemon) async throws -> [String] {
        let listed = try await daemon.herald("delivered", "--app", app, "--json").json()
        let deliveries = try #require(listed["deliveries"] as? [[String: Any]])
        return deliveries.compactMap { (($0["request"] as? [String: Any])?["content"] as? [String: Any])?["title"] as? String }
    }

    /// Waits, at most a minute, until `condition` holds.
    static func eventually(_ what: String, _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try await condition(), "\(what)")
    }

    @Test func aServerReachesADeviceOnAnotherDaemon() async throws {
        let service = try await TestDaemon(options: ["--push-port", "0", "--push-plaintext"])
        let device = try await TestDaemon()
        let invite = try await service.herald("push", "invite", "--name", "laptop", "--json").json()
        let code = try #require(invite["code"] as? String)
        let url = try #require(invite["url"] as? String)
        #expect(invite["fingerprint"] == nil, "plaintext HTTP/2 has no certificate")
        let text = try await service.herald("push", "invite", "--name", "desk")
        #expect(text.output.contains("herald push connect \(url) --code hpi_"))

        let connected = try await device.herald("push", "connect", url, "--code", code)
        #expect(connected.status == 0, "\(connected.errors)")
        #expect(connected.output.hasPrefix("This daemon is device laptop ("))
        let spent = try await device.herald("push", "connect", url, "--code", code)
        #expect(spent.status == 1)
        #expect(spent.errors.contains("the invite code is unknown, used or expired"))
        try await Self.eventually("the link is up") {
            try await device.herald("push", "upstream", "--json").json()["connected"] as? Bool == true
        }

        // An app on the device registers, as UIApplication.registerForRemoteNotifications() does.
        let credentials = try await device.herald("apps", "register", Self.app, "--json").json()
        let appToken = try #require(credentials["token"] as? String)
        #expect(try await device.herald("authorize", "--app", Self.app).status == 0)
        let (deviceURL, _) = try device.credentials()
        let client = try HeraldClient(url: deviceURL, token: appToken, environment: [:])
        let token = try await client.registerForRemoteNotifications().map { String(format: "%02x", $0) }.joined()
        let devices = try await service.herald("push", "devices", "--json").json()["devices"] as? [[String: Any]]
        #expect(devices?.first?["token"] as? String == token, "the service made the token, for the device")
        #expect(try await client.registerForRemoteNotifications().map { String(format: "%02x", $0) }.joined() == token)

        let sent = try await service.herald("push", "send", token, "--title", "From afar")
        #expect(sent.status == 0, "\(sent.output) \(sent.errors)")
        try await Self.eventually("the push is shown on the device") { try await Self.titles(device) == ["From afar"] }

        // Away: kept for it, collapsed, in order; a now-or-never push is dropped.
        await device.stop(removingData: false)
        for (title, options) in [
            ("First", ["--collapse-id", "score"]), ("Now or never", ["--expiration", "0"]), ("Second", ["--collapse-id", "score"]),
            ("Last", []),
        ] {
            let result = try await service.herald(["push", "send", token, "--title", title] + options)
            #expect(result.status == 0, "\(result.output) \(result.errors)")
        }
        let back = try await TestDaemon(directory: device.directory)
        try await Self.eventually("the kept pushes are shown") { try await Self.titles(back).count >= 3 }
        #expect(try await Self.titles(back) == ["From afar", "Second", "Last"])

        // Removed on the service: its link ends, and its app's token is Unregistered.
        let enrolled = try await service.herald("push", "enrolled", "--json").json()["devices"] as? [[String: Any]]
        let identifier = try #require(enrolled?.first?["identifier"] as? String)
        #expect(enrolled?.first?["name"] as? String == "laptop")
        #expect(try await service.herald("push", "enrolled", "remove", identifier).status == 0)
        let refused = try await service.herald("push", "send", token, "--title", "Gone", "--json").json()
        #expect(refused["status"] as? Int == 410)
        #expect(refused["reason"] as? String == "Unregistered")
        try await Self.eventually("the link is down") {
            try await back.herald("push", "upstream", "--json").json()["connected"] as? Bool == false
        }
        await back.stop()
        await service.stop()
    }
}

extension TestDaemon {
    /// `herald arguments…` against this daemon.
    func herald(_ arguments: [String]) async throws -> CommandResult {
        try await HeraldProcess(arguments, environment: Self.environment(directory), scratch: directory).run()
    }
}
