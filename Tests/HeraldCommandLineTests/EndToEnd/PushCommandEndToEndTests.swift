import Foundation
import HeraldTestSupport
import Testing

/// `herald push keys` and `herald push devices` against a real `herald serve`,
/// with a `.p8` key made by openssl as Apple's are.
@Suite(.serialized)
struct PushCommandEndToEndTests {
    /// A new P-256 key in PKCS#8 PEM, written by openssl as an `AuthKey_….p8` file.
    private func makeKey(in directory: URL) async throws -> URL {
        let file = directory.appendingPathComponent("AuthKey_ABC123DEFG.p8")
        let openssl = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/openssl"),
            ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", file.path])
        #expect(openssl.status == 0, "\(openssl.errors)")
        return file
    }

    @Test func addListRemoveKeys() async throws {
        let daemon = try await TestDaemon()
        let key = try await makeKey(in: daemon.directory)
        let added = try await daemon.herald(
            "push", "keys", "add", "--team", "TEAM123456", "--key-id", "ABC123DEFG", "--file", key.path,
            "--topic", "com.example.chat", "--topic", "com.example.mail")
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.output == "Added key ABC123DEFG of team TEAM123456, for com.example.chat, com.example.mail.\n")
        let listed = try await daemon.herald("push", "keys")
        #expect(listed.output.contains("ABC123DEFG  TEAM123456  com.example.chat, com.example.mail"))
        let json = try await daemon.herald("push", "keys", "list", "--json").json()
        let keys = try #require(json["keys"] as? [[String: Any]])
        #expect(keys.map { $0["identifier"] as? String } == ["ABC123DEFG"])

        let taken = try await daemon.herald(
            "push", "keys", "add", "--team", "OTHERTEAM1", "--key-id", "OTHERKEY01", "--file", key.path,
            "--topic", "com.example.chat")
        #expect(taken.status == 1)
        #expect(taken.errors.hasPrefix("error: conflict: "))
        let notKey = try await daemon.herald(
            "push", "keys", "add", "--team", "TEAM123456", "--key-id", "K2", "--file", "/etc/hostname",
            "--topic", "com.example.chat")
        #expect(notKey.errors.hasPrefix("error: invalidPushKey: "))
        let noTopic = try await daemon.herald(
            "push", "keys", "add", "--team", "TEAM123456", "--key-id", "K2", "--file", key.path)
        #expect(noTopic.status != 0)
        #expect(noTopic.errors.contains("--topic"))

        #expect(try await daemon.herald("push", "keys", "remove", "ABC123DEFG").output == "Removed key ABC123DEFG.\n")
        #expect(try await daemon.herald("push", "keys").output == "No provider keys are registered.\n")
        #expect(try await daemon.herald("push", "devices").output == "No app is registered for remote notifications.\n")
        await daemon.stop()
    }

    @Test func sendRefusedAndUsage() async throws {
        let daemon = try await TestDaemon()
        let unknown = String(repeating: "ab", count: 32)
        let refused = try await daemon.herald("push", "send", unknown, "--title", "Hello")
        #expect(refused.status == 1)
        #expect(refused.output.hasPrefix("Refused: 400 BadDeviceToken (apns-id "))
        let json = try await daemon.herald("push", "send", unknown, "--title", "Hello", "--json").json()
        #expect(json["reason"] as? String == "BadDeviceToken")
        let empty = try await daemon.herald("push", "send", unknown)
        #expect(empty.status != 0)
        #expect(empty.errors.contains("--title"))
        await daemon.stop()
    }
}
