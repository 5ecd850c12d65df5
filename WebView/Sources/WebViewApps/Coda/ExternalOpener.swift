public import Foundation

/// Opens a URL outside the app, in the user's browser.
@MainActor
public protocol ExternalOpener: AnyObject {
    /// Opens `url`; throws when it cannot be handed over.
    func open(_ url: URL) throws
}

/// Opens URLs with `xdg-open`, the desktop's handler for them.
@MainActor
public final class XDGOpener: ExternalOpener {
    /// Creates the opener.
    public init() {}

    /// Starts `xdg-open URL` and does not wait for it.
    ///
    /// - Throws: `CocoaError.fileNoSuchFile` (from Foundation) when `xdg-open` is not installed.
    public func open(_ url: URL) throws {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["xdg-open", url.absoluteString]
        try process.run()
    }
}
