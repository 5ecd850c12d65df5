@testable import DesktopNotifications
import Foundation
import HeraldTestSupport
import NotificationEngine
import Signals
import Testing

/// The desktop presenter following the desktop's Do Not Disturb into the engine, on
/// python-dbusmock's notification server with KDE's `Inhibited`: what is quiet goes
/// to the notification center only, what breaks through reaches the server with
/// urgency 2, which GNOME and KDE show even in Do Not Disturb.
@Suite("The desktop presenter in the desktop's Do Not Disturb", .serialized, .offThePool)
struct DesktopDoNotDisturbTests {
    /// Follows the desktop's Do Not Disturb into the fixture's engine, and waits until it is `isOn`.
    private func follow(_ fixture: DesktopFixture, until isOn: Bool) async throws {
        let engine = fixture.engine
        fixture.presenter.followDoNotDisturb(environment: fixture.desktop.environment) { engine.setDesktopDoNotDisturb($0) }
        try await waitForEngine(fixture, isOn)
    }

    private func waitForEngine(_ fixture: DesktopFixture, _ isOn: Bool) async throws {
        try await MockDesktop.eventually("the engine's Do Not Disturb to be \(isOn)") {
            fixture.engine.quietState().desktopDoNotDisturb == isOn
        }
    }

    /// Adds a request titled `title` at `level`, firing `seconds` from now.
    private func add(_ fixture: DesktopFixture, _ title: String, _ level: NotificationContent.InterruptionLevel, in seconds: Double) async throws {
        let content = NotificationContent(title: title, body: "Buy milk", interruptionLevel: level)
        try await fixture.engine.add(
            NotificationRequest(
                identifier: title, content: content, trigger: .timeInterval(TimeIntervalTrigger(interval: seconds, repeats: false))),
            for: fixture.app)
    }

    /// The titles and urgencies of the `Notify` calls, once the one titled `last` came:
    /// the presenter's calls go out in order, so what was not sent by then never is.
    private func notified(_ fixture: DesktopFixture, through last: String) async throws -> [String: DBusValue?] {
        try await MockDesktop.eventually("Notify of \(last)") { try fixture.desktop.notifyCalls().contains { $0[3] == .string(last) } }
        let calls = try fixture.desktop.notifyCalls()
        return Dictionary(calls.map { ($0[3].string ?? "", $0[6].dictionary?["urgency"]) }) { first, _ in first }
    }

    @Test("In Do Not Disturb, passive and active go to the list only; time-sensitive and critical come through as urgency 2")
    func quiet() async throws {
        let fixture = try await DesktopFixture(inhibited: true)
        try await follow(fixture, until: true)
        #expect(fixture.presenter.desktopDoNotDisturbSources == ["gnome": false, "kde": true])
        #expect(fixture.presenter.isDesktopDoNotDisturbOn == true)
        try await add(fixture, "passive", .passive, in: 60)
        try await add(fixture, "active", .active, in: 61)
        try await add(fixture, "timeSensitive", .timeSensitive, in: 62)
        try await add(fixture, "critical", .critical, in: 63)
        fixture.scheduler.advance(by: 63)
        #expect(try await notified(fixture, through: "critical") == ["timeSensitive": .byte(2), "critical": .byte(2)])
        let listed = try await fixture.engine.deliveredNotifications(for: fixture.app).map(\.request.identifier)
        #expect(Set(listed) == ["passive", "active", "timeSensitive", "critical"], "all four are in the notification center")
    }

    @Test("Do Not Disturb switched off on the desktop: an active notification has its banner again")
    func switchedOff() async throws {
        let fixture = try await DesktopFixture(inhibited: true)
        try await follow(fixture, until: true)
        try fixture.desktop.setInhibited(false)
        try await waitForEngine(fixture, false)
        try await add(fixture, "active", .active, in: 60)
        fixture.scheduler.advance(by: 60)
        #expect(try await notified(fixture, through: "active") == ["active": .byte(1)])
    }

    @Test("A time-sensitive notification of an app whose person did not allow it stays quiet; critical still comes through")
    func timeSensitiveNotAllowed() async throws {
        let fixture = try await DesktopFixture(inhibited: true)
        try fixture.engine.updatePreferences(for: fixture.app) { $0.timeSensitiveEnabled = false }
        try await follow(fixture, until: true)
        try await add(fixture, "timeSensitive", .timeSensitive, in: 60)
        try await add(fixture, "critical", .critical, in: 61)
        fixture.scheduler.advance(by: 61)
        #expect(try await notified(fixture, through: "critical") == ["critical": .byte(2)])
    }
}
