import Foundation
import Logging

/// Opens a page in the user's browser for the desktop presenter: an app after a
/// click or a foreground action, the web center's reply box.
package protocol AppOpener: Sendable {
    /// Opens `url`, passing on the notification server's activation token.
    func open(_ url: String, activationToken: String?)
}

/// Opens pages with `xdg-open`, with the activation token in `XDG_ACTIVATION_TOKEN`
/// (Wayland) and `DESKTOP_STARTUP_ID` (X11), so the browser's window may take the focus.
package struct XDGOpener: AppOpener {
    private let logger = Logger(label: "herald.desktop")

    package init() {}

    package func open(_ url: String, activationToken: String?) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        var environment = ProcessInfo.processInfo.environment
        if let activationToken {
            environment["XDG_ACTIVATION_TOKEN"] = activationToken
            environment["DESKTOP_STARTUP_ID"] = activationToken
        }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            logger.warning("cannot run xdg-open \(url): \(error)")
        }
    }
}
