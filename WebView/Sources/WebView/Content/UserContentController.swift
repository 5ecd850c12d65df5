internal import CWebKitGTK
internal import Foundation

/// The scripts, style sheets and script message handlers shared by the web views of a
/// configuration, like `WKUserContentController`.
///
/// ```swift
/// let configuration = WebViewConfiguration()
/// configuration.userContentController.addUserStyleSheet("div#sidebar { display: none }")
/// configuration.userContentController.addUserScript(
///     UserScript(source: "webkit.messageHandlers.ready.postMessage(document.title)", injectionTime: .atDocumentEnd))
/// try configuration.userContentController.addScriptMessageHandler(name: "ready") { message in
///     print("loaded", message.body)
/// }
/// let webView = WebView(configuration: configuration)
/// ```
///
/// Scripts and style sheets apply from the next page load on; handlers take messages at once.
@MainActor
public final class UserContentController {
    /// The user scripts, in the order they were added (and run).
    public private(set) var userScripts: [UserScript] = []
    /// The user style sheets, in the order they were added.
    public private(set) var userStyleSheets: [UserStyleSheet] = []
    /// The names that have a script message handler.
    public var scriptMessageHandlerNames: [String] { routes.keys.sorted() }

    let manager: OpaquePointer
    private var routes: [String: MessageRoute] = [:]

    /// Creates an empty controller.
    public init() {
        manager = webkit_user_content_manager_new()
        LiveObjects.track(UnsafeMutableRawPointer(manager))
    }

    isolated deinit {
        for name in Array(routes.keys) { removeScriptMessageHandler(forName: name) }
        g_object_unref(UnsafeMutableRawPointer(manager))
    }

    /// Adds a script that runs in every page loaded from now on.
    public func addUserScript(_ script: UserScript) {
        let time = script.injectionTime == .atDocumentStart
            ? WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START : WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END
        let userScript = webkit_user_script_new(script.source, frames(script.isForMainFrameOnly), time, nil, nil)
        webkit_user_content_manager_add_script(manager, userScript)
        webkit_user_script_unref(userScript)
        userScripts.append(script)
    }

    /// Adds a style sheet to every page loaded from now on.
    public func addUserStyleSheet(_ styleSheet: UserStyleSheet) {
        let sheet = webkit_user_style_sheet_new(
            styleSheet.source, frames(styleSheet.isForMainFrameOnly), WEBKIT_USER_STYLE_LEVEL_USER, nil, nil)
        webkit_user_content_manager_add_style_sheet(manager, sheet)
        webkit_user_style_sheet_unref(sheet)
        userStyleSheets.append(styleSheet)
    }

    /// Adds CSS source as a style sheet for the top frame of every page loaded from now on.
    public func addUserStyleSheet(_ source: String) {
        addUserStyleSheet(UserStyleSheet(source: source))
    }

    /// Removes every user script (pages already loaded keep what they ran).
    public func removeAllUserScripts() {
        webkit_user_content_manager_remove_all_scripts(manager)
        userScripts.removeAll()
    }

    /// Removes every user style sheet.
    public func removeAllUserStyleSheets() {
        webkit_user_content_manager_remove_all_style_sheets(manager)
        userStyleSheets.removeAll()
    }

    /// Makes `window.webkit.messageHandlers.NAME.postMessage(value)` reach `handler`, which is
    /// held weakly.
    ///
    /// - Throws: ``WebViewError/Code/handlerNameInUse`` when `name` already has a handler.
    public func add(_ handler: any ScriptMessageHandler, name: String) throws(WebViewError) {
        try addRoute(name: name, receiver: .weak(handler))
    }

    /// Makes `window.webkit.messageHandlers.NAME.postMessage(value)` call `handler` on the main
    /// actor. The controller keeps the closure until the handler is removed: capture
    /// `[weak self]` in it when `self` owns the web view.
    ///
    /// - Throws: ``WebViewError/Code/handlerNameInUse`` when `name` already has a handler.
    public func addScriptMessageHandler(
        name: String, _ handler: @escaping @MainActor (ScriptMessage) -> Void
    ) throws(WebViewError) {
        try addRoute(name: name, receiver: .closure(handler))
    }

    /// Removes the handler for `name`; pages posting to it afterwards get a JavaScript error.
    public func removeScriptMessageHandler(forName name: String) {
        guard let route = routes.removeValue(forKey: name) else { return }
        route.connections.disconnectAll()
        webkit_user_content_manager_unregister_script_message_handler(manager, name, nil)
    }

    private func addRoute(name: String, receiver: MessageRoute.Receiver) throws(WebViewError) {
        guard routes[name] == nil else {
            throw WebViewError(.handlerNameInUse, "a script message handler named \"\(name)\" is already added")
        }
        let route = MessageRoute(name: name, controller: self, receiver: receiver)
        route.connections.connect(UnsafeMutableRawPointer(manager), "script-message-received::\(name)", target: route, Self.messageReceived)
        _ = webkit_user_content_manager_register_script_message_handler(manager, name, nil)
        routes[name] = route
    }

    fileprivate func deliver(_ message: ScriptMessage, to receiver: MessageRoute.Receiver) {
        switch receiver {
        case .object(let box): box.handler?.userContentController(self, didReceive: message)
        case .closure(let handler): handler(message)
        }
    }

    private func frames(_ mainFrameOnly: Bool) -> WebKitUserContentInjectedFrames {
        mainFrameOnly ? WEBKIT_USER_CONTENT_INJECT_TOP_FRAME : WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES
    }

    /// `script-message-received::NAME`: (WebKitUserContentManager*, JSCValue*, gpointer).
    private static let messageReceived = unsafeBitCast(
        { (_: OpaquePointer?, value: OpaquePointer?, userData: gpointer?) in
            let json = value.flatMap(JSCValueText.json)
            let target = WeakTarget.sendable(userData)
            MainActor.assumeIsolated {
                target.object(as: MessageRoute.self)?.receive(json)
            }
        } as @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void,
        to: GCallback.self)
}

/// One handler name's connection: the signal handler's target.
@MainActor
private final class MessageRoute {
    enum Receiver {
        case object(WeakHandler)
        case closure(@MainActor (ScriptMessage) -> Void)

        static func weak(_ handler: any ScriptMessageHandler) -> Receiver { .object(WeakHandler(handler)) }
    }

    final class WeakHandler {
        weak var handler: (any ScriptMessageHandler)?
        init(_ handler: any ScriptMessageHandler) { self.handler = handler }
    }

    let name: String
    weak var controller: UserContentController?
    let receiver: Receiver
    let connections = SignalConnections()

    init(name: String, controller: UserContentController, receiver: Receiver) {
        self.name = name
        self.controller = controller
        self.receiver = receiver
    }

    /// A posted value's JSON (`nil` for `undefined`, which has none).
    func receive(_ json: String?) {
        let body = json.flatMap { try? JSONValue(json: Data($0.utf8)) } ?? .null
        controller?.deliver(ScriptMessage(name: name, body: body), to: receiver)
    }
}
