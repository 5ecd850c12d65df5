import Foundation
import HeraldTestSupport
import Testing

/// The `herald` command line against a real `herald serve` on a virtual clock.
@Suite(.serialized)
struct CLIEndToEndTests {
    private static let app = "com.example.e2e"

    /// Registers and authorizes the test app.
    private func prepare(_ daemon: TestDaemon) async throws {
        let registered = try await daemon.herald("apps", "register", Self.app, "--name", "End to End")
        #expect(registered.status == 0, "\(registered.errors)")
        #expect(registered.output.contains("Token: "))
        let authorized = try await daemon.herald("authorize", "--app", Self.app)
        #expect(authorized.output == "\(Self.app): authorized\n")
    }

    @Test func scheduleAdvanceDeliverRespondWhileWatching() async throws {
        let daemon = try await TestDaemon()
        try await prepare(daemon)
        let categories = daemon.directory.appendingPathComponent("categories.json")
        try #"[{"identifier": "reminder", "actions": [{"identifier": "cancel", "title": "Cancel", "options": ["foreground"]}]}]"#
            .write(to: categories, atomically: true, encoding: .utf8)
        #expect(try await daemon.herald("categories", "set", "--app", Self.app, "--file", categories.path).status == 0)

        let (watch, watchExit) = try await daemon.start("watch", "--json", "--app", Self.app)
        try await watch.waitFor { _, errors in errors.contains("Watching the events of \(Self.app)") }

        let scheduled = try await daemon.herald(
            "schedule", "--app", Self.app, "--id", "walk", "--title", "Walk", "--body", "Walk the dog", "--in", "90s",
            "--category", "reminder", "--data", #"{"dog": "Rex"}"#)
        #expect(scheduled.status == 0)
        #expect(scheduled.output == "Scheduled walk for \(Self.app): in 1m30s.\n")
        let pending = try await daemon.herald("pending", "--app", Self.app, "--json").json()
        let requests = try #require(pending["requests"] as? [[String: Any]])
        #expect(requests.map { ($0["request"] as? [String: Any])?["identifier"] as? String } == ["walk"])

        #expect(try await daemon.herald("clock", "--advance", "89s").status == 0)
        #expect(try await daemon.herald("delivered", "--app", Self.app).output == "No delivered notifications for \(Self.app).\n")
        #expect(try await daemon.herald("clock", "--advance", "1s").output.hasSuffix("(virtual clock)\n"))

        let delivered = try #require(try await daemon.herald("delivered", "--app", Self.app, "--json").json()["deliveries"] as? [[String: Any]])
        #expect(delivered.count == 1)
        let deliveryID = try #require(delivered.first?["id"] as? String)
        #expect(try await daemon.herald("pending", "--app", Self.app).output == "No pending requests for \(Self.app).\n")

        let responded = try await daemon.herald("respond", deliveryID, "cancel")
        #expect(responded.status == 0)
        let again = try await daemon.herald("respond", deliveryID, "cancel")
        #expect(again.status == 1)
        #expect(again.errors.hasPrefix("error: deliveryNotFound: "))

        try await watch.waitFor { output, _ in output.contains(#""type":"responded""#) }
        watch.interrupt()
        #expect(await watchExit.value == 0)
        let events = watch.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let types = events.compactMap { $0["type"] as? String }
        #expect(types.contains("delivered"))
        #expect(types.firstIndex(of: "delivered")! < types.firstIndex(of: "responded")!)
        #expect(Set(events.compactMap { $0["app"] as? String }) == [Self.app])
        let response = try #require(events.first { $0["type"] as? String == "responded" }?["response"] as? [String: Any])
        #expect(response["actionIdentifier"] as? String == "cancel")
        await daemon.stop()
    }

    @Test func datesAndCalendarsFireWhenTheySay() async throws {
        let daemon = try await TestDaemon()
        try await prepare(daemon)
        let now = try #require(ISO8601DateFormatter.withFractions.date(from: try await daemon.herald("clock", "--json").json()["now"] as? String ?? ""))
        // Tomorrow at 06:30:15 UTC, written with an offset of +02:00.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let tomorrow = utc.date(byAdding: .day, value: 1, to: utc.startOfDay(for: now))!.addingTimeInterval(6.5 * 3_600 + 15)
        let day = utc.dateComponents([.year, .month, .day], from: tomorrow)
        let at = String(format: "%04d-%02d-%02dT08:30:15+02:00", day.year!, day.month!, day.day!)
        #expect(try await daemon.herald("schedule", "--app", Self.app, "--id", "once", "--title", "Once", "--at", at).status == 0)
        #expect(try await daemon.herald(
            "schedule", "--app", Self.app, "--id", "daily", "--title", "Daily", "--calendar", "hour=9 minute=0 tz=Europe/Paris",
            "--repeat").status == 0)

        let pending = try #require(try await daemon.herald("pending", "--app", Self.app, "--json").json()["requests"] as? [[String: Any]])
        let fireDates = Dictionary(uniqueKeysWithValues: pending.map {
            (($0["request"] as? [String: Any])?["identifier"] as? String ?? "", $0["nextFireDate"] as? String ?? "")
        })
        #expect(ISO8601DateFormatter.withFractions.date(from: fireDates["once"] ?? "") == tomorrow)
        let daily = try #require(ISO8601DateFormatter.withFractions.date(from: fireDates["daily"] ?? ""))
        var paris = Calendar(identifier: .gregorian)
        paris.timeZone = TimeZone(identifier: "Europe/Paris")!
        #expect(paris.dateComponents([.hour, .minute, .second], from: daily) == DateComponents(hour: 9, minute: 0, second: 0))
        #expect(daily > now && daily <= now.addingTimeInterval(86_400))

        #expect(try await daemon.herald("clock", "--advance", "2d").status == 0)
        let delivered = try #require(try await daemon.herald("delivered", "--app", Self.app, "--json").json()["deliveries"] as? [[String: Any]])
        let identifiers = delivered.compactMap { ($0["request"] as? [String: Any])?["identifier"] as? String }
        #expect(identifiers.sorted() == ["daily", "once"])
        await daemon.stop()
    }

    @Test func exitStatusesTellWhatWentWrong() async throws {
        let daemon = try await TestDaemon()
        try await prepare(daemon)

        let usage = try await daemon.herald("schedule", "--app", Self.app, "--id", "x", "--every", "10s")
        #expect(usage.status == 2)
        #expect(usage.errors.contains("at least 60 seconds"))

        let conflict = try await daemon.herald("apps", "register", Self.app, "--name", "Again")
        #expect(conflict.status == 1)
        #expect(conflict.errors.hasPrefix("error: conflict: "))

        let badToken = try await daemon.herald("pending", "--app", Self.app, "--token", "not-a-token")
        #expect(badToken.status == 1)
        #expect(badToken.errors.hasPrefix("error: unauthorized: "))

        let empty = daemon.directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let noDaemon = try await daemon.herald("pending", "--app", Self.app, "--data-dir", empty.path)
        #expect(noDaemon.status == 3)
        #expect(noDaemon.errors.contains("start one with `herald serve`"))

        #expect(try await daemon.herald("badge", "--app", Self.app, "5").output == "\(Self.app) badge: 5\n")
        #expect(try await daemon.herald("badge", "--app", Self.app, "--json").json()["badge"] as? Int == 5)
        #expect(try await daemon.herald("cancel", "--app", Self.app, "--all").status == 0)
        #expect(try await daemon.herald("remove-delivered", "--app", Self.app, "--all").status == 0)
        let unnamed = try await daemon.herald("apps", "register", "com.example.unnamed")
        #expect(unnamed.status == 0, "\(unnamed.errors)")
        #expect(unnamed.output.hasPrefix("Registered com.example.unnamed (“com.example.unnamed”).\n"), "named after its identifier")
        #expect(try await daemon.herald("apps", "remove", "com.example.unnamed").status == 0)
        let apps = try await daemon.herald("apps", "list")
        #expect(apps.output.contains(Self.app) && apps.output.contains("End to End"))
        #expect(try await daemon.herald("apps", "remove", Self.app).status == 0)
        #expect(try await daemon.herald("apps", "list").output == "No apps are registered.\n")

        await daemon.stop()
        let stopped = try await HeraldProcess(
            ["pending", "--app", Self.app], environment: TestDaemon.environment(daemon.directory),
            scratch: FileManager.default.temporaryDirectory
        ).run()
        #expect(stopped.status == 3)
    }

    @Test func hostileTextCannotDriveTheTerminal() async throws {
        let daemon = try await TestDaemon()
        try await prepare(daemon)
        // A title that would retitle the terminal, clear the screen and forge a line of its own.
        let hostile = "Hi\u{1B}]0;owned\u{07}\u{1B}[2J\nFORGED  row\u{9B}31m\r\u{202E}"
        let scheduled = try await daemon.herald(
            "schedule", "--app", Self.app, "--id", "evil\u{1B}[31m", "--title", hostile, "--body", "b\u{1B}c", "--in", "90s")
        #expect(scheduled.status == 0, "\(scheduled.errors)")
        for output in [
            try await daemon.herald("pending", "--app", Self.app), try await daemon.herald("pending", "--app", Self.app, "--json"),
        ] {
            #expect(output.status == 0)
            #expect(!output.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a control character reached the terminal")
            #expect(!output.output.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
        }
        let table = try await daemon.herald("pending", "--app", Self.app).output
        #expect(table.split(separator: "\n").count == 2, "the header and one row, no forged line")
        #expect(table.contains("\\u{1B}]0;owned"), "the escape is written out, visibly")
        await daemon.stop()
    }
}

extension ISO8601DateFormatter {
    /// The API's dates: ISO 8601 with milliseconds.
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
