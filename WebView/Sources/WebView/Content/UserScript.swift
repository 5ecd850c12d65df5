/// A script the web view runs in every page it loads, like `WKUserScript`.
public struct UserScript: Sendable, Hashable {
    /// When a user script runs.
    public enum InjectionTime: Sendable, Hashable {
        /// Before the page's own scripts, when the document element exists but nothing else.
        case atDocumentStart
        /// When the document has been parsed, before subresources such as images finish loading.
        case atDocumentEnd
    }

    /// The JavaScript source.
    public var source: String
    /// When it runs.
    public var injectionTime: InjectionTime
    /// Whether it runs only in the top frame, or in every frame.
    public var isForMainFrameOnly: Bool

    /// Creates a user script.
    public init(source: String, injectionTime: InjectionTime, forMainFrameOnly: Bool = true) {
        self.source = source
        self.injectionTime = injectionTime
        self.isForMainFrameOnly = forMainFrameOnly
    }
}

/// A style sheet the web view adds to every page it loads, as a user style sheet (it applies
/// before the page's own scripts run and cannot be removed by the page).
public struct UserStyleSheet: Sendable, Hashable {
    /// The CSS source.
    public var source: String
    /// Whether it applies only to the top frame, or to every frame.
    public var isForMainFrameOnly: Bool

    /// Creates a user style sheet.
    public init(source: String, forMainFrameOnly: Bool = true) {
        self.source = source
        self.isForMainFrameOnly = forMainFrameOnly
    }
}
