@testable import DesktopNotifications
import Foundation
import HeraldTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("The daemon's xdg-open")
struct AppOpenerTests {
    @Test("It hands the page and the activation token to xdg-open, while the daemon holds 1,500 descriptors")
    func opensWithManyDescriptorsOpen() async throws {
        let directory = try TemporaryDirectory()
        try directory.writeExecutable(
            #"#!/bin/sh"# + "\n"
                + #"printf '%s %s %s' "$1" "$XDG_ACTIVATION_TOKEN" "$DESKTOP_STARTUP_ID" > "$(dirname "$0")/opened.tmp""# + "\n"
                + #"mv "$(dirname "$0")/opened.tmp" "$(dirname "$0")/opened""#,
            to: "xdg-open")
        // As a daemon with its clients' and devices' connections: past the count at which
        // Foundation's Process.run() reads beyond readdir's buffer.
        let held = (0..<1_500).map { _ in open("/dev/null", O_RDONLY) }
        defer { for descriptor in held where descriptor >= 0 { close(descriptor) } }
        #expect(held.allSatisfy { $0 >= 0 })

        XDGOpener(executable: directory.path("xdg-open")).open("http://127.0.0.1:7878/?app=a", activationToken: "token-1")

        let opened = directory.path("opened")
        try await MockDesktop.eventually("xdg-open to run") { FileManager.default.fileExists(atPath: opened) }
        #expect(try String(contentsOfFile: opened, encoding: .utf8) == "http://127.0.0.1:7878/?app=a token-1 token-1")
    }
}
