import Crypto
import Foundation
import NotificationEngine

extension SignInPages {
    /// The script a page runs: it posts its form at once.
    static let script = "document.getElementById('sign-in').submit();"

    /// A page that posts `code` and `next` to `base/login` as soon as it opens, with
    /// a button for a browser that runs no script. Its Content-Security-Policy allows
    /// that one script (by its hash) and forms to the daemon only, and it sends no
    /// referrer.
    static func html(base: String, code: String, next: String) -> String {
        let hash = Data(SHA256.hash(data: Data(script.utf8))).base64EncodedString()
        let policy = "default-src 'none'; script-src 'sha256-\(hash)'; form-action \(base)"
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="referrer" content="no-referrer">
            <meta http-equiv="Content-Security-Policy" content="\(MarkupText.escaped(policy))">
            <title>Herald — signing in</title>
            </head>
            <body>
            <form id="sign-in" method="post" action="\(MarkupText.escaped(base + "/login"))">
            <input type="hidden" name="code" value="\(MarkupText.escaped(code))">
            <input type="hidden" name="next" value="\(MarkupText.escaped(next))">
            <p>Signing in to Herald at \(MarkupText.escaped(base))… <button type="submit">Sign in</button></p>
            </form>
            <script>\(script)</script>
            </body>
            </html>

            """
    }
}
