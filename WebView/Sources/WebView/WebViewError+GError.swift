internal import CWebKitGTK
internal import Foundation

extension WebViewError {
    /// The error for a failed load, from WebKit's `GError` (WebKit's network and policy
    /// domains, and GIO's, which carry connection failures).
    init(loadError error: UnsafeMutablePointer<GError>?, url: URL?) {
        guard let error else {
            self.init(.unknown, "the load failed", url: url)
            return
        }
        let message = error.pointee.message.map { String(cString: $0) } ?? "the load failed"
        self.init(Self.code(domain: error.pointee.domain, code: error.pointee.code), message, url: url)
    }

    private static func code(domain: GQuark, code signedCode: gint) -> Code {
        let code = UInt32(bitPattern: signedCode)
        if domain == webkit_network_error_quark() {
            switch code {
            case WEBKIT_NETWORK_ERROR_CANCELLED.rawValue: return .cancelled
            case WEBKIT_NETWORK_ERROR_UNKNOWN_PROTOCOL.rawValue, WEBKIT_NETWORK_ERROR_FILE_DOES_NOT_EXIST.rawValue: return .badURL
            case WEBKIT_NETWORK_ERROR_TRANSPORT.rawValue: return .cannotConnect
            default: return .network
            }
        }
        if domain == webkit_policy_error_quark() {
            switch code {
            case WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE.rawValue: return .blockedByPolicy
            case WEBKIT_POLICY_ERROR_CANNOT_SHOW_URI.rawValue: return .badURL
            default: return .cannotShowURL
            }
        }
        if domain == g_resolver_error_quark() { return .cannotConnect }
        if domain == g_io_error_quark() {
            switch code {
            case G_IO_ERROR_CONNECTION_REFUSED.rawValue, G_IO_ERROR_HOST_UNREACHABLE.rawValue,
                 G_IO_ERROR_NETWORK_UNREACHABLE.rawValue, G_IO_ERROR_TIMED_OUT.rawValue:
                return .cannotConnect
            case G_IO_ERROR_CANCELLED.rawValue: return .cancelled
            default: return .network
            }
        }
        return .unknown
    }
}
