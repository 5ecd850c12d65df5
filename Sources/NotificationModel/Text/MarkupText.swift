/// Text made safe to put in markup: the daemon's HTML pages and the desktop's
/// notification bodies (a subset of HTML that notification servers read).
///
/// ```swift
/// MarkupText.escaped(#"<b>"Tom & Jerry's"</b>"#)   // "&lt;b&gt;&quot;Tom &amp; Jerry&apos;s&quot;&lt;/b&gt;"
/// ```
package enum MarkupText {
    /// `text` with the characters markup gives a meaning escaped (`&`, `<`, `>`, `"`,
    /// `'`), so it stands as text in an element or in an attribute value in either quotes.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
