internal import CWebKitGTK
internal import Foundation

// Navigation decisions: WebKit's `decide-policy` signal, answered by the navigation delegate.
extension WebView {
    /// Asks the delegate about a navigation; WebKit waits (holding a reference to the
    /// decision) until the answer comes.
    private func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, newWindow: Bool) -> Bool {
        guard let delegate = navigationDelegate,
              let action = Self.navigationAction(decision, newWindow: newWindow) else { return false }
        g_object_ref(UnsafeMutableRawPointer(decision))
        // The task keeps the view until the delegate answers: WebKit needs the answer.
        Task { @MainActor in
            let policy = await delegate.webView(self, decidePolicyFor: action)
            apply(policy, to: decision, action: action)
            g_object_unref(UnsafeMutableRawPointer(decision))
        }
        return true
    }

    private func apply(_ policy: NavigationActionPolicy, to decision: UnsafeMutablePointer<WebKitPolicyDecision>, action: NavigationAction) {
        switch policy {
        case .allow where action.targetsNewWindow:
            webkit_policy_decision_ignore(decision)
            load(action.url)
        case .allow:
            webkit_policy_decision_use(decision)
        case .cancel:
            webkit_policy_decision_ignore(decision)
        }
    }

    private static func navigationAction(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, newWindow: Bool) -> NavigationAction? {
        let navigation = webkit_navigation_policy_decision_get_navigation_action(OpaquePointer(decision))
        guard let request = webkit_navigation_action_get_request(navigation),
              let uri = webkit_uri_request_get_uri(request),
              let url = URL(string: String(cString: uri)) else { return nil }
        let method = webkit_uri_request_get_http_method(request).map { String(cString: $0) } ?? "GET"
        return NavigationAction(
            navigationType: navigationType(webkit_navigation_action_get_navigation_type(navigation)),
            url: url,
            httpMethod: method,
            isUserGesture: webkit_navigation_action_is_user_gesture(navigation) != 0,
            targetsNewWindow: newWindow)
    }

    private static func navigationType(_ type: WebKitNavigationType) -> NavigationAction.NavigationType {
        switch type {
        case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: .linkActivated
        case WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED: .formSubmitted
        case WEBKIT_NAVIGATION_TYPE_BACK_FORWARD: .backForward
        case WEBKIT_NAVIGATION_TYPE_RELOAD: .reload
        case WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: .formResubmitted
        default: .other
        }
    }

    /// `decide-policy`: (WebKitWebView*, WebKitPolicyDecision*, WebKitPolicyDecisionType, gpointer) → handled.
    /// Navigation and new-window actions go to the delegate; responses keep WebKit's default.
    static let decidePolicy = unsafeBitCast(
        { (_: gpointer?, decision: UnsafeMutablePointer<WebKitPolicyDecision>?, type: WebKitPolicyDecisionType, userData: gpointer?) -> gboolean in
            let target = WeakTarget.sendable(userData)
            nonisolated(unsafe) let decision = decision
            return MainActor.assumeIsolated {
                guard let decision, let webView = target.object(as: WebView.self),
                      type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION || type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION
                else { return 0 }
                return webView.decide(decision, newWindow: type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION) ? 1 : 0
            }
        } as @convention(c) (gpointer?, UnsafeMutablePointer<WebKitPolicyDecision>?, WebKitPolicyDecisionType, gpointer?) -> gboolean,
        to: GCallback.self)
}
