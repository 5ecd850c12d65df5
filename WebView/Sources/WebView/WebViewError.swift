public import Foundation

/// An error from a ``WebView``: a failed load, a JavaScript exception, an undecodable script
/// message, a failed snapshot. It carries a ``Code`` to switch on, a message for people, and
/// where they apply the URL that failed and the JavaScript line.
///
/// ```swift
/// webView.reactive.navigation.subscribeNext { event in
///     if case .failed(let error) = event, error.code == .cannotConnect {
///         print("\(error.url?.absoluteString ?? "?") is unreachable: \(error.message)")
///     }
/// }
/// ```
public struct WebViewError: Error, CustomStringConvertible, Hashable, Sendable {
    /// What went wrong. A struct over a private enum, so codes can be added without breaking
    /// exhaustive switches.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String {
            case noDisplay, badURL, cannotConnect, cancelled, blockedByPolicy, cannotShowURL,
                 network, webContentProcessTerminated, javaScriptException,
                 javaScriptResultUnsupported, invalidMessageBody, handlerNameInUse, snapshotFailed, unknown
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// GTK could not open a display.
        public static let noDisplay = Code(.noDisplay)
        /// The address is not a URL WebKit can load (malformed, or an unsupported scheme).
        public static let badURL = Code(.badURL)
        /// The host could not be resolved or reached, or refused the connection.
        public static let cannotConnect = Code(.cannotConnect)
        /// The load was stopped: ``WebView/stopLoading()``, or a new load replaced it.
        public static let cancelled = Code(.cancelled)
        /// The navigation policy cancelled the load.
        public static let blockedByPolicy = Code(.blockedByPolicy)
        /// The content cannot be shown (WebKit has no viewer for its MIME type).
        public static let cannotShowURL = Code(.cannotShowURL)
        /// Another network failure (TLS, a broken transfer, …).
        public static let network = Code(.network)
        /// The web process that renders the page crashed or was killed.
        public static let webContentProcessTerminated = Code(.webContentProcessTerminated)
        /// The script threw; ``WebViewError/message`` and ``WebViewError/line`` say what and where.
        public static let javaScriptException = Code(.javaScriptException)
        /// The script's result has no JSON form (a function, a cyclic object, …).
        public static let javaScriptResultUnsupported = Code(.javaScriptResultUnsupported)
        /// A script message or result did not decode as the requested type.
        public static let invalidMessageBody = Code(.invalidMessageBody)
        /// A script message handler with that name is already added.
        public static let handlerNameInUse = Code(.handlerNameInUse)
        /// The page could not be drawn to an image.
        public static let snapshotFailed = Code(.snapshotFailed)
        /// Something WebKit reported that has no code of its own here.
        public static let unknown = Code(.unknown)

        /// The code's name, as in `cannotConnect`.
        public var description: String { value.rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// A sentence for people, from WebKit or from this module.
    public var message: String
    /// The URL whose load failed, when there is one.
    public var url: URL?
    /// The line of a JavaScript exception (1-based, within the evaluated script).
    public var line: Int?

    /// Creates an error.
    public init(_ code: Code, _ message: String, url: URL? = nil, line: Int? = nil) {
        self.code = code
        self.message = message
        self.url = url
        self.line = line
    }

    /// The code, the message, and the URL and line when there are.
    public var description: String {
        var text = "\(code): \(message)"
        if let url { text += " (\(url.absoluteString))" }
        if let line { text += " at line \(line)" }
        return text
    }
}
