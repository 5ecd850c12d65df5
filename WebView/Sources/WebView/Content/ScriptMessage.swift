/// A message a page posted with `window.webkit.messageHandlers.NAME.postMessage(value)`.
///
/// The body arrives as JSON (`postMessage` serialises the value the way `JSON.stringify`
/// does); ``decode(_:)`` turns it into a `Decodable` type:
///
/// ```swift
/// struct Post: Decodable { var postTitle: String; var postURL: String }
/// let posts = try message.decode([Post].self)
/// ```
public struct ScriptMessage: Sendable, Hashable {
    /// The handler name the page posted to.
    public var name: String
    /// The posted value.
    public var body: JSONValue

    /// Creates a message, as the web view does when a page posts one.
    public init(name: String, body: JSONValue) {
        self.name = name
        self.body = body
    }

    /// The body decoded as `type`.
    ///
    /// - Throws: ``WebViewError/Code/invalidMessageBody`` when the body does not have that shape.
    public func decode<Value: Decodable>(_ type: Value.Type) throws(WebViewError) -> Value {
        try body.decode(type)
    }
}

/// An object that receives the messages a page posts to one handler name, like
/// `WKScriptMessageHandler`. The user content controller holds it weakly, so a handler
/// that owns the web view does not keep itself alive.
@MainActor
public protocol ScriptMessageHandler: AnyObject {
    /// Called on the main actor for each message posted to the name the handler was added for.
    func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage)
}
