package import Foundation

/// Hands an address to the user's browser: `xdg-open`, or in tests a recording.
package protocol URLOpening: Sendable {
    /// Opens `url` in the browser.
    func open(_ url: URL) async throws
}
