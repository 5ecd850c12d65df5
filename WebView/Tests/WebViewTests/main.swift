// The WebView tests: Swift Testing tests, run by this executable on a GLib-owned main thread.
//
//   xvfb-run -a swift run --package-path WebView WebViewTests [--filter NAME]
//
// GTK and WebKit must be used from the thread that initialised them, under a GLib main loop,
// and the tests' `@MainActor` code must run on that same thread. `swift test`'s runner parks
// the main thread in `dispatch_main()`, after which main-actor jobs run on whichever pool
// thread drains the queue; WebKit would then see calls from several threads. So the tests
// are an executable: it prepares the main loop, hands the main actor to it, and runs Swift
// Testing's entry point (the one `swift test` itself calls) as a task; the process exits with
// its status. The arguments are Swift Testing's (`--filter`, `--skip`, `--xunit-output` …).
//
// Every GLib warning or critical fails the run: one logged while a test runs is an issue of
// that test (see Support/GLibLog.swift), and one logged outside any test fails the run at exit.

import CWebKitGTK
import Foundation
import Testing
import WebView

GLibLog.install()

// No accessibility bus and no session bus: neither exists under Xvfb. An empty bus address
// keeps WebKit's web processes from trying the a11y bus (a GLib warning in each).
setenv("GTK_A11Y", "none", 1)
setenv("NO_AT_BRIDGE", "1", 1)
setenv("WEBKIT_A11Y_BUS_ADDRESS", "", 1)

do {
    try MainLoop.prepare()
} catch {
    FileHandle.standardError.write(Data("WebViewTests: \(error)\n".utf8))
    exit(2)
}

Task {
    let status: CInt = await Testing.__swiftPMEntryPoint(passing: nil)
    let unclaimed = GLibLog.unclaimed()
    for message in unclaimed {
        FileHandle.standardError.write(Data("WebViewTests: GLib logged \(message) outside any test\n".utf8))
    }
    exit(status == 0 && !unclaimed.isEmpty ? 1 : status)
}
MainLoop.run()
