@testable import DesktopNotifications
import Foundation
import HeraldTestSupport
import NotificationEngine
import Signals
import Testing

/// GLib's GIO is loaded when the presenter starts, not linked: where it is missing
/// or incomplete the presenter reports that the desktop is unavailable.
@Suite("GLib's GIO loaded at run time", .serialized)
struct GIOLoadingTests {
    @Test("A library that is not there: desktopUnavailable, naming it and what to install")
    func missingLibrary() throws {
        let error = try #require(throws: DBusError.self) { try GIO.load("libherald-absent-gio.so.0") }
        #expect(error.code == .desktopUnavailable)
        #expect(error.message.contains("cannot load libherald-absent-gio.so.0"), "\(error)")
        #expect(error.message.contains("libglib2.0-0"), "\(error)")
    }

    @Test("A library without GLib's functions: desktopUnavailable, naming the first one missing")
    func missingFunction() throws {
        let error = try #require(throws: DBusError.self) { try GIO.load("libc.so.6") }
        #expect(error.code == .desktopUnavailable)
        #expect(error.message.contains("libc.so.6 has no function g_free"), "\(error)")
    }

    @Test("GIO is found by its soname, and its functions work")
    func loads() throws {
        let gio = try GIO.load()
        #expect(DBusValue.tuple([.uint32(7), .string("é")]).readBack(through: gio) == .tuple([.uint32(7), .string("é")]))
    }

    @Test("The presenter without GIO reports desktopUnavailable, though a session bus is there")
    func presenterWithoutGIO() async throws {
        let desktop = try await MockDesktop()
        let engine = try NotificationEngine(
            store: .inMemory, scheduler: TestScheduler(startDate: Fixtures.start), configuration: NotificationEngine.Configuration(),
            presenters: [])
        var configuration = DesktopPresenter.Configuration(centerURL: nil, applicationsDirectory: nil)
        configuration.gioLibrary = "libherald-absent-gio.so.0"
        let error = try #require(throws: DBusError.self) {
            try DesktopPresenter(engine: engine, configuration: configuration, environment: desktop.environment)
        }
        #expect(error.code == .desktopUnavailable)
        configuration.gioLibrary = GIO.defaultLibrary
        _ = try DesktopPresenter(engine: engine, configuration: configuration, environment: desktop.environment)
    }
}
