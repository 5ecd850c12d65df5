// browser [URL] — the seed's Browser on WebKitGTK: an address field, back, forward, reload,
// a progress bar and the page's title. Needs a display (xvfb-run -a on a headless machine).

import Foundation
import WebView
import WebViewApps

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") || arguments.count > 1 {
    print("usage: browser [URL]\n\nOpens a browser window, on URL when one is given (http:// is added when the scheme is missing).")
    exit(arguments.count > 1 ? 64 : 0)
}

do {
    try MainLoop.prepare()
} catch {
    FileHandle.standardError.write(Data("browser: \(error.message)\n".utf8))
    exit(1)
}
let browser = BrowserWindow()
browser.onClose = { MainLoop.quit() }
browser.present()
if let address = arguments.first {
    browser.open(address)
}
MainLoop.run()
