public import Foundation
public import WebView

/// What the Browser does with the text typed in its address field.
public enum AddressBar {
    /// The URL for typed `text`: trimmed, with `http://` added when no scheme is given, as
    /// the seed's browser does.
    ///
    /// ```swift
    /// AddressBar.url(from: "swift.org")             // http://swift.org
    /// AddressBar.url(from: " https://swift.org/ ")  // https://swift.org/
    /// AddressBar.url(from: "exa mple.com")          // badURL
    /// ```
    ///
    /// - Throws: ``WebView/WebViewError/Code/badURL`` when nothing is typed or the text is not
    ///   an address.
    public static func url(from text: String) throws(WebViewError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw WebViewError(.badURL, "Type an address to open.") }
        let candidate = hasScheme(trimmed) ? trimmed : "http://" + trimmed
        guard let url = URL(string: candidate), let scheme = url.scheme?.lowercased(),
              !candidate.contains(where: \.isWhitespace) else {
            throw WebViewError(.badURL, "“\(trimmed)” is not a valid address.")
        }
        if ["http", "https"].contains(scheme), url.host()?.isEmpty ?? true {
            throw WebViewError(.badURL, "“\(trimmed)” has no host name.")
        }
        return url
    }

    /// Whether `text` starts with a URL scheme (`https:`, `file:`, `about:`), as opposed to a
    /// host name with a port (`localhost:8000`).
    private static func hasScheme(_ text: String) -> Bool {
        if text.contains("://") { return true }
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        let rest = text[text.index(after: colon)...]
        let isPort = !rest.isEmpty && rest.prefix { $0 != "/" }.allSatisfy(\.isNumber)
        return !isPort && ["about", "data", "file"].contains(scheme.lowercased())
    }
}
