import Foundation
import HTTPTypes
@testable import HeraldServer
import Testing

/// The daemon's desktop presenter: where GLib's GIO cannot be loaded (a server without
/// GLib) the desktop is unavailable, which `--desktop on` refuses and `--desktop auto`
/// logs; the `.desktop` files are marked with the data directory's fingerprint.
@Suite("The daemon's desktop")
struct DaemonDesktopTests {
    static let missing = "libherald-absent-gio.so.0"

    @Test("--desktop on refuses to start, saying the desktop is unavailable and why")
    func desktopOn() throws {
        let error = try #require(throws: DaemonError.self) { try TestDaemon(desktop: .on, desktopLibrary: Self.missing) }
        #expect(error.message.hasPrefix("--desktop on, but the desktop cannot be reached: desktopUnavailable: "), "\(error)")
        #expect(error.message.contains("cannot load \(Self.missing)"), "\(error)")
    }

    @Test("--desktop auto, the default, starts and serves without desktop notifications")
    func desktopAuto() async throws {
        #expect(DaemonConfiguration().desktop == .auto)
        let daemon = try TestDaemon(desktop: .auto, desktopLibrary: Self.missing)
        #expect(daemon.daemon.desktop == nil)
        #expect(daemon.daemon.unifiedPush == nil, "no UnifiedPush distributor without the session bus either")
        try await daemon.withLiveServer { client in
            let health = try await client.call(.get, "/v1/health")
            #expect(health.status == .ok)
        }
    }

    @Test("Its .desktop files' mark is the data directory's fingerprint: another directory, another mark; through a link, the same")
    func desktopOwner() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("herald-owner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let first = try DataDirectory(url: base.appendingPathComponent("first"))
        let second = try DataDirectory(url: base.appendingPathComponent("second"))
        let link = base.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: first.url)
        #expect(first.desktopOwner.count == 16)
        #expect(first.desktopOwner.allSatisfy { $0.isHexDigit })
        #expect(first.desktopOwner != second.desktopOwner)
        #expect(try DataDirectory(url: link).desktopOwner == first.desktopOwner)
    }
}
