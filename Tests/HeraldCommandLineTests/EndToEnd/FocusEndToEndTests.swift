import Foundation
import HeraldTestSupport
import Testing

/// `herald focus`, `herald summary` and `herald preferences` against a real `herald serve`.
@Suite(.serialized)
struct FocusEndToEndTests {
    private static let app = "com.example.e2e"

    @Test func makeSwitchAndEndAFocusSetTheSummaryAndAnAppsSwitches() async throws {
        let daemon = try await TestDaemon()
        #expect(try await daemon.herald("apps", "register", Self.app).status == 0)
        #expect(try await daemon.herald("focus").output.hasPrefix("Focus: none\n"))

        let set = try await daemon.herald(
            "focus", "set", "Deep Work", "--allow", "\(Self.app):urgent", "--schedule", "mon-fri 09:00-12:00")
        #expect(set.status == 0, "\(set.errors)")
        #expect(set.output.contains("deep-work"))
        #expect(set.output.contains("\(Self.app):urgent"))
        #expect(set.output.contains("Mon-Fri 09:00-12:00"))

        let on = try await daemon.herald("focus", "on", "deep work", "--for", "1h")
        #expect(on.status == 0, "\(on.errors)")
        #expect(on.output.hasPrefix("Focus: Deep Work (deep-work), on by hand until "))
        let json = try await daemon.herald("focus", "--json").json()
        #expect(json["isFocused"] as? Bool == true)

        #expect(try await daemon.herald("clock", "--advance", "1h").status == 0)
        // Its hour is over: only its schedule could have it on now.
        #expect(!(try await daemon.herald("focus").output.contains("on by hand")))

        let unknown = try await daemon.herald("focus", "on", "sleep")
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("there is no Focus “sleep”"))

        #expect(try await daemon.herald("summary", "times", "18:00", "08:00").output.hasPrefix("Scheduled summary: 08:00, 18:00\nNext summary: "))
        let preferences = try await daemon.herald("preferences", "--app", Self.app, "--summary", "on", "--time-sensitive", "off")
        #expect(preferences.status == 0, "\(preferences.errors)")
        #expect(preferences.output.contains("scheduled summary"))
        let read = try await daemon.herald("preferences", "--app", Self.app, "--json").json()
        #expect(read["inScheduledSummary"] as? Bool == true)
        #expect(read["timeSensitiveEnabled"] as? Bool == false)
        #expect(try await daemon.herald("summary", "off").output == "Scheduled summary: off\n")

        let removed = try await daemon.herald("focus", "remove", "deep-work")
        #expect(removed.output == "Removed Deep Work (deep-work).\n")
        #expect(try await daemon.herald("focus", "list").output == "No Focus modes.\n")
        await daemon.stop()
    }
}
