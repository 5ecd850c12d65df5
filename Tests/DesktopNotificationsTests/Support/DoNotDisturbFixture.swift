@testable import DesktopNotifications
import Foundation
import HeraldTestSupport
import Synchronization

/// What a ``DoNotDisturbMonitor`` reported, in order.
final class DoNotDisturbReports: Sendable {
    private let values = Mutex<[Bool]>([])

    /// Records one report.
    func record(_ isOn: Bool) {
        values.withLock { $0.append(isOn) }
    }

    /// Every report so far.
    var all: [Bool] { values.withLock { $0 } }

    /// Waits until the reports are `expected` (or gives up, saying what came instead).
    func wait(for expected: [Bool]) async throws {
        try await MockDesktop.eventually("the reports \(expected) (so far \(all))") { all == expected }
    }
}

/// GNOME's settings as GLib's keyfile backend keeps them, in a keyfile of the test's
/// own (`$XDG_CONFIG_HOME/glib-2.0/settings/keyfile` under a temporary directory),
/// changed by `gsettings` from another process, as GNOME's panel changes them.
///
/// Needs `gsettings` (Debian's `libglib2.0-bin`) and the schema
/// `org.gnome.desktop.notifications` (`gsettings-desktop-schemas`).
struct GNOMESettings {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The keyfile a monitor reads (``DoNotDisturbMonitor/Configuration/gnomeKeyfile``).
    var keyfile: String { directory.path("glib-2.0/settings/keyfile") }

    /// A monitor's configuration that follows GNOME's `show-banners` of `schema` in this keyfile.
    func configuration(schema: String = ShowBannersSetting.schema) -> DoNotDisturbMonitor.Configuration {
        var configuration = DoNotDisturbMonitor.Configuration()
        configuration.gnomeSchema = schema
        configuration.gnomeKeyfile = keyfile
        return configuration
    }

    /// Sets `show-banners` with `gsettings set`, in another process.
    func setShowBanners(_ shown: Bool) async throws {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/gsettings"),
            ["set", ShowBannersSetting.schema, ShowBannersSetting.key, shown ? "true" : "false"],
            environment: ProcessInfo.processInfo.environment.merging(
                ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": directory.url.path]) { _, new in new })
        guard result.status == 0 else { throw GSettingsFailed(status: result.status, errors: result.errors) }
    }

    struct GSettingsFailed: Error, CustomStringConvertible {
        var status: Int32
        var errors: String
        var description: String {
            "gsettings exited with \(status): \(errors) (the tests need libglib2.0-bin and gsettings-desktop-schemas)"
        }
    }
}
