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

import CWebKitGTK
import Foundation
import Testing
import WebView

// No accessibility bus and no session bus: neither exists under Xvfb.
setenv("GTK_A11Y", "none", 1)
setenv("NO_AT_BRIDGE", "1", 1)

do {
    try MainLoop.prepare()
} catch {
    FileHandle.standardError.write(Data("WebViewTests: \(error)\n".utf8))
    exit(2)
}

Task {
    let status: CInt = await Testing.__swiftPMEntryPoint(passing: nil)
    exit(status)
}
MainLoop.run()
