// coda --site URL [--hide SELECTORS] — the seed's Coda: a reader for one site that opens
// other hosts' links with xdg-open, hides the sidebar, and lists the recent posts.

import Foundation
import WebView
import WebViewApps

let usage = """
usage: coda --site URL [--hide SELECTORS]

  --site URL         the site to read (its home page lists the posts)
  --hide SELECTORS   CSS selectors of what to hide (default: "div#sidebar, .after-post.widget-area")
"""

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("coda: \(message)\n\n\(usage)\n".utf8))
    exit(64)
}

var site: URL?
var hidden: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--site":
        guard let text = arguments.popFirst() else { fail("--site needs a URL") }
        do { site = try AddressBar.url(from: text) } catch { fail(error.message) }
    case "--hide":
        guard let selectors = arguments.popFirst() else { fail("--hide needs CSS selectors") }
        hidden = selectors
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        fail("unknown argument \(argument)")
    }
}
guard let site else { fail("--site is required") }

var configuration = CodaConfiguration(site: site)
if let hidden { configuration.hiddenSelectors = hidden }
do {
    try MainLoop.prepare()
} catch {
    FileHandle.standardError.write(Data("coda: \(error.message)\n".utf8))
    exit(1)
}
let coda = CodaWindow(configuration)
coda.onClose = { MainLoop.quit() }
coda.present()
MainLoop.run()
