import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

@Suite("Terminal presenter")
struct TerminalPresenterTests {
    final class Output: Sendable {
        private let text = Mutex("")
        func write(_ string: String) { text.withLock { $0 += string } }
        var value: String { text.withLock { $0 } }
    }

    @Test("A banner prints the app, time, texts and the banner's actions; the user answers through the engine")
    func banner() async throws {
        let output = Output()
        let terminal = TerminalPresenter(timeZone: TimeZone(identifier: "UTC")!) { output.write($0) }
        let fixture = try EngineFixture()
        let connection = fixture.engine.addPresenter(terminal)
        defer { connection.dispose() }
        try await fixture.authorize()
        try await fixture.engine.setCategories([NotificationCategory(
            identifier: "reminder",
            actions: [NotificationAction(identifier: "cancel", title: "Cancel", options: .foreground),
                      NotificationAction(identifier: "snooze", title: "Snooze"),
                      NotificationAction(identifier: "later", title: "Later")])], for: fixture.app)
        var request = EngineFixture.request("Walk Dog", after: 60)
        request.content = NotificationContent(
            title: "Task Reminder", body: "Walk Dog!!", sound: .default, categoryIdentifier: "reminder")
        try await fixture.engine.add(request, for: fixture.app)
        fixture.scheduler.advance(by: 60)
        let id = try #require(fixture.presenter.presentations.first?.delivery.id)
        #expect(output.value == """
            ┌ com.example.app · 06:14:20 · banner · sound
            │ Task Reminder
            │ Walk Dog!!
            └ [cancel] Cancel  [snooze] Snooze  (delivery \(id))

            """)
        try fixture.engine.respond(to: id, actionIdentifier: "snooze", authenticated: false)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).isEmpty)
    }

    @Test("An app's escape sequences and line breaks are written out: the block stays the presenter's")
    func hostileText() async throws {
        let output = Output()
        let terminal = TerminalPresenter(timeZone: TimeZone(identifier: "UTC")!) { output.write($0) }
        let fixture = try EngineFixture()
        let connection = fixture.engine.addPresenter(terminal)
        defer { connection.dispose() }
        try await fixture.authorize()
        try await fixture.engine.setCategories([NotificationCategory(
            identifier: "c", actions: [NotificationAction(identifier: "ok", title: "OK\u{1B}[8m")])], for: fixture.app)
        var request = EngineFixture.request("x", after: 60)
        request.content = NotificationContent(
            title: "\u{1B}]0;owned\u{07}Title", body: "line\n└ [ok] forged\r\u{9B}2J", categoryIdentifier: "c")
        try await fixture.engine.add(request, for: fixture.app)
        fixture.scheduler.advance(by: 60)
        let text = output.value
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        #expect(text.contains(#"│ \u{1B}]0;owned\u{7}Title"#))
        #expect(text.contains("│ line\n│ └ [ok] forged"), "a line break in the body stays inside the block")
        #expect(text.contains(#"[ok] OK\u{1B}[8m"#))
    }

    @Test("A delivery handed over twice (after a crash) prints once; one with alerts off prints nothing")
    func dedupe() throws {
        let output = Output()
        let terminal = TerminalPresenter { output.write($0) }
        let delivery = Delivery(
            id: DeliveryID(), app: "a", request: EngineFixture.request("x", after: 1),
            scheduledDate: EngineFixture.start, date: EngineFixture.start, isLate: true)
        let banner = Presentation(
            delivery: delivery, style: .alert, sound: nil, badge: 0, actions: [], bannerActions: [],
            reportsDismissal: false)
        terminal.present(banner)
        terminal.present(banner)
        #expect(output.value.components(separatedBy: "┌").count == 2)
        #expect(output.value.contains("· alert · late"))
        var quiet = banner
        quiet.delivery.id = DeliveryID()
        quiet.style = .none
        terminal.present(quiet)
        #expect(output.value.components(separatedBy: "┌").count == 2)
    }

    @Test("The scheduled summary prints a header, each group's line, then its notifications once")
    func summary() async throws {
        let output = Output()
        let terminal = TerminalPresenter(timeZone: TimeZone(identifier: "UTC")!) { output.write($0) }
        let fixture = try EngineFixture()
        let connection = fixture.engine.addPresenter(terminal)
        defer { connection.dispose() }
        try await fixture.authorize()
        try fixture.engine.updatePreferences(for: fixture.app) { $0.inScheduledSummary = true }
        try fixture.engine.updateQuietSettings(QuietSettings(summaryTimes: [TimeOfDay("08:00")!]))
        try await fixture.engine.add(EngineFixture.request("Walk Dog", after: 60, title: "Walk Dog"), for: fixture.app)
        fixture.scheduler.advance(by: 60)
        #expect(output.value.isEmpty, "it waits for the summary")
        fixture.scheduler.advance(to: EngineFixture.start.addingTimeInterval(6_400))
        let id = try #require(fixture.presenter.summaries.first?.presentations.first?.delivery.id)
        #expect(output.value == """
            ◆ Scheduled summary · 08:00:00
            ◆ com.example.app · 1 notification
            ┌ com.example.app · 06:14:20 · banner
            │ Walk Dog
            └ (delivery \(id))

            """)
    }
}
