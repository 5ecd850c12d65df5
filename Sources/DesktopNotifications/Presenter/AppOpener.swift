import Logging
import Subprocess
import SystemPackage

/// Opens a page in the user's browser for the desktop presenter: an app after a
/// click or a foreground action, the web center's reply box.
package protocol AppOpener: Sendable {
    /// Opens `url`, passing on the notification server's activation token.
    func open(_ url: String, activationToken: String?)
}

/// Opens pages with `xdg-open`, with the activation token in `XDG_ACTIVATION_TOKEN`
/// (Wayland) and `DESKTOP_STARTUP_ID` (X11), so the browser's window may take the focus.
///
/// It runs `xdg-open` with swift-subprocess, not Foundation's `Process`: on Linux,
/// `Process.run()` copies the whole 256-byte name of each `/proc/self/fd` entry out of
/// `readdir`'s buffer, reading past that buffer's end once the process holds about
/// 1,400 descriptors, and a daemon holding its clients' and devices' connections
/// crashes there. swift-subprocess closes the child's descriptors with `close_range`.
package struct XDGOpener: AppOpener {
    private let logger = Logger(label: "herald.desktop")
    private let executable: Executable

    /// An opener running `executable`: a name looked for on `PATH`, or a path.
    package init(executable: String = "xdg-open") {
        self.executable = executable.contains("/") ? .path(FilePath(executable)) : .name(executable)
    }

    package func open(_ url: String, activationToken: String?) {
        var token: [Environment.Key: String] = [:]
        if let activationToken {
            token["XDG_ACTIVATION_TOKEN"] = activationToken
            token["DESKTOP_STARTUP_ID"] = activationToken
        }
        let (logger, executable) = (logger, executable)
        Task {
            do {
                let result = try await run(
                    executable, arguments: [url], environment: .inherit.updating(token),
                    input: .none, output: .discarded, error: .discarded)
                guard result.terminationStatus != .exited(0) else { return }
                logger.warning("xdg-open \(url) ended with \(result.terminationStatus)")
            } catch {
                logger.warning("cannot run xdg-open \(url): \(error)")
            }
        }
    }
}
