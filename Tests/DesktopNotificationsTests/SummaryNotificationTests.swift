@testable import DesktopNotifications
import Foundation
import NotificationEngine
import Testing

/// What breaks through Do Not Disturb, and the scheduled summary as one notification.
@Suite("Desktop: breaking through and the summary")
struct SummaryNotificationTests {
    private func summary(groups: Int) -> NotificationSummary {
        let groups = (0..<groups).map { index in
            NotificationSummary.Group(
                app: index == 0 ? Fixtures.app : AppIdentifier(rawValue: "com.example.app\(index)"),
                threadIdentifier: "t\(index)", text: "\(index + 1) notifications & more",
                presentations: [Fixtures.presentation(Fixtures.delivery("d\(index)", title: "Title <\(index)>"))])
        }
        return NotificationSummary(date: Date(timeIntervalSinceReferenceDate: 800_000_000), groups: groups)
    }

    @Test("An active notification breaking through a Focus is sent with urgency 2; quiet ones keep their level's")
    func breakingThrough() {
        var presentation = Fixtures.presentation(style: .banner)
        #expect(Fixtures.mapping().request(for: presentation, app: Fixtures.desktopApp, replacing: 0, imagePath: nil)
            .hints["urgency"] == .byte(1))
        presentation.breaksThrough = true
        #expect(Fixtures.mapping().request(for: presentation, app: Fixtures.desktopApp, replacing: 0, imagePath: nil)
            .hints["urgency"] == .byte(2))
    }

    @Test("The summary is one notification: a line per group with its most relevant title, escaped; the rest counted")
    func request() {
        let request = Fixtures.mapping().request(for: summary(groups: 7), names: [Fixtures.app: "Shopping List"])
        #expect(request.summary == "Scheduled Summary: 7 notifications")
        let lines = request.body.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0] == "<b>Shopping List</b>: 1 notifications &amp; more — Title &lt;0&gt;")
        #expect(lines[1] == "<b>com.example.app1</b>: 2 notifications &amp; more — Title &lt;1&gt;")
        #expect(lines[5] == "and 2 more in the Herald notification center")
        #expect(request.actions == ["default", "Open"])
        #expect(request.hints["suppress-sound"] == .boolean(true))
        let plain = Fixtures.mapping(["body"]).request(for: summary(groups: 1), names: [:])
        #expect(plain.body == "com.example.shopping: 1 notifications & more — Title <0>")
        #expect(plain.actions.isEmpty)
    }

    @Test("A click on the summary opens the center's summary once, with the server's activation token")
    func click() {
        var state = DesktopState(mapping: Fixtures.mapping())
        let summary = summary(groups: 2)
        #expect(state.presentSummary(summary) == [.notifySummary(summary)])
        #expect(state.presentSummary(NotificationSummary(date: summary.date, groups: [])) == [])
        state.summaryNotified(serverID: 9)
        state.activationToken(serverID: 9, token: "xdg-token")
        #expect(state.actionInvoked(serverID: 9, key: "default") == [.openSummary(activationToken: "xdg-token")])
        #expect(state.actionInvoked(serverID: 9, key: "default") == [])
        state.summaryNotified(serverID: 10)
        #expect(state.closed(serverID: 10, reason: 2) == [])
        #expect(state.actionInvoked(serverID: 10, key: "default") == [])
    }
}
