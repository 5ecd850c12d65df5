import NotificationModel

/// A title, subtitle or body as a push brings it, made into one the engine takes.
enum PushText {
    /// `text` with each of the two characters that mark a localized text in
    /// Herald's content (U+E000 and U+E001, private use) written as U+FFFD, so
    /// that the provider's text cannot pose as a marker; and cut after the last
    /// whole character that ends within `limit` Unicode scalars, as a device cuts
    /// a text too long to show.
    static func plain(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let isMarker = scalar == LocalizedString.markerStart.unicodeScalars.first
                || scalar == LocalizedString.markerEnd.unicodeScalars.first
            scalars.append(isMarker ? "\u{FFFD}" : scalar)
        }
        return cut(String(scalars), limit: limit)
    }

    /// `text` up to its last whole character within `limit` Unicode scalars.
    static func cut(_ text: String, limit: Int) -> String {
        guard text.utf8.count > limit, text.unicodeScalars.count > limit else { return text }
        var count = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            count += text.unicodeScalars[index..<next].count
            guard count <= limit else { break }
            end = next
        }
        return String(text[..<end])
    }
}
