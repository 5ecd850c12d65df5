@testable import DesktopNotifications
import Foundation
import HeraldTestSupport
import Testing

/// The desktop's Do Not Disturb followed from its real sources: GNOME's
/// `show-banners` in GSettings (a keyfile of the test's own, changed by `gsettings`
/// from another process) and KDE's `Inhibited` on python-dbusmock's notification
/// server on a private session bus.
@Suite("The desktop's Do Not Disturb", .serialized, .offThePool)
struct DoNotDisturbBusTests {
    /// A monitor of the notification server at `desktop` alone.
    private func kdeMonitor(_ desktop: MockDesktop, reports: DoNotDisturbReports) throws -> DoNotDisturbMonitor {
        var configuration = DoNotDisturbMonitor.Configuration()
        configuration.gnomeSchema = nil
        return DoNotDisturbMonitor(
            gio: try GIO.load(), notificationServer: try MockDesktop.connect(desktop.sessionAddress),
            configuration: configuration) { reports.record($0) }
    }

    /// Waits until the monitor's sources read `expected`.
    private func waitForReadings(_ monitor: DoNotDisturbMonitor, _ expected: [DoNotDisturbState.Source: Bool]) async throws {
        try await MockDesktop.eventually("the readings \(expected) (so far \(monitor.readings))") { monitor.readings == expected }
    }

    // MARK: GNOME

    @Test("GNOME: show-banners read at the start, then each change gsettings makes from another process")
    func gnome() async throws {
        let settings = try GNOMESettings()
        try await settings.setShowBanners(false)
        let reports = DoNotDisturbReports()
        let monitor = DoNotDisturbMonitor(gio: try GIO.load(), notificationServer: nil, configuration: settings.configuration()) {
            reports.record($0)
        }
        try await reports.wait(for: [true])
        #expect(monitor.readings == [.gnome: true])
        try await settings.setShowBanners(true)
        try await reports.wait(for: [true, false])
        try await settings.setShowBanners(false)
        try await reports.wait(for: [true, false, true])
        withExtendedLifetime(monitor) {}
    }

    @Test("No GNOME source where the schema is not installed: nothing is made of it, and the process lives on")
    func gnomeWithoutSchema() async throws {
        let settings = try GNOMESettings()
        let reports = DoNotDisturbReports()
        let monitor = DoNotDisturbMonitor(
            gio: try GIO.load(), notificationServer: nil, configuration: settings.configuration(schema: "org.example.herald.absent")
        ) { reports.record($0) }
        try await reports.wait(for: [false])
        #expect(monitor.readings.isEmpty)
    }

    @Test("No GNOME source where the schema has no show-banners, though the keyfile has one elsewhere")
    func gnomeWithoutKey() async throws {
        let settings = try GNOMESettings()
        try await settings.setShowBanners(false)
        let reports = DoNotDisturbReports()
        let monitor = DoNotDisturbMonitor(
            gio: try GIO.load(), notificationServer: nil, configuration: settings.configuration(schema: "org.gnome.desktop.interface")
        ) { reports.record($0) }
        try await reports.wait(for: [false])
        #expect(monitor.readings.isEmpty)
    }

    // MARK: KDE

    @Test("KDE: Inhibited read at the start, then followed through Set, UpdateProperties and an invalidation")
    func kde() async throws {
        let desktop = try await MockDesktop(inhibited: true)
        let reports = DoNotDisturbReports()
        let monitor = try kdeMonitor(desktop, reports: reports)
        try await reports.wait(for: [true])
        #expect(monitor.readings == [.kde: true])
        try desktop.setInhibited(false)
        try await reports.wait(for: [true, false])
        try desktop.updateInhibited(true)
        try await reports.wait(for: [true, false, true])
        try desktop.invalidateInhibited(false)
        try await reports.wait(for: [true, false, true, false])
        withExtendedLifetime(monitor) {}
    }

    @Test("A notification server without Inhibited is no source; its successor with one is")
    func serverWithoutInhibited() async throws {
        let desktop = try await MockDesktop()
        let reports = DoNotDisturbReports()
        let monitor = try kdeMonitor(desktop, reports: reports)
        try await reports.wait(for: [false])
        #expect(monitor.readings.isEmpty)
        try desktop.stopServer()
        try await desktop.startServer(capabilities: ["actions", "body"], inhibited: true)
        try await reports.wait(for: [false, true])
        #expect(monitor.readings == [.kde: true])
        withExtendedLifetime(monitor) {}
    }

    @Test("A server that leaves takes its Do Not Disturb with it; the next one's is read as it takes the name")
    func serverRestart() async throws {
        let desktop = try await MockDesktop(inhibited: true)
        let reports = DoNotDisturbReports()
        let monitor = try kdeMonitor(desktop, reports: reports)
        try await reports.wait(for: [true])
        try desktop.stopServer()
        try await reports.wait(for: [true, false])
        #expect(monitor.readings.isEmpty)
        try await desktop.startServer(capabilities: ["actions", "body"], inhibited: true)
        try await reports.wait(for: [true, false, true])
        withExtendedLifetime(monitor) {}
    }

    // MARK: Both

    @Test("GNOME's and KDE's sources together: on while either says so")
    func both() async throws {
        let settings = try GNOMESettings()
        try await settings.setShowBanners(true)
        let desktop = try await MockDesktop(inhibited: false)
        let reports = DoNotDisturbReports()
        let monitor = DoNotDisturbMonitor(
            gio: try GIO.load(), notificationServer: try MockDesktop.connect(desktop.sessionAddress),
            configuration: settings.configuration()) { reports.record($0) }
        try await reports.wait(for: [false])
        #expect(monitor.readings == [.gnome: false, .kde: false])
        try desktop.setInhibited(true)
        try await reports.wait(for: [false, true])
        try await settings.setShowBanners(false)
        try await waitForReadings(monitor, [.gnome: true, .kde: true])
        try desktop.setInhibited(false)
        try await waitForReadings(monitor, [.gnome: true, .kde: false])
        #expect(monitor.isOn, "GNOME still says so")
        try await settings.setShowBanners(true)
        try await reports.wait(for: [false, true, false])
        withExtendedLifetime(monitor) {}
    }
}
