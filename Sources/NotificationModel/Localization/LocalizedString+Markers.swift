extension LocalizedString {
    /// The marker that stands for localization `index` in a text.
    public static func marker(_ index: Int) -> String {
        "\(markerStart)\(index)\(markerEnd)"
    }

    /// The private-use characters that open and close a marker.
    public static let markerStart: Character = "\u{E000}"
    public static let markerEnd: Character = "\u{E001}"

    /// `text` with each marker (what lies between ``markerStart`` and
    /// ``markerEnd``) replaced by what `replace` returns for its inside; a
    /// marker it returns `nil` for is left as it is.
    public static func replacingMarkers(in text: String, _ replace: (Substring) -> String?) -> String {
        guard text.contains(markerStart) else { return text }
        var result = ""
        var rest = text[...]
        while let start = rest.firstIndex(of: markerStart) {
            result += rest[..<start]
            let afterStart = rest.index(after: start)
            guard let end = rest[afterStart...].firstIndex(of: markerEnd), let replacement = replace(rest[afterStart..<end])
            else {
                result.append(rest[start])
                rest = rest[afterStart...]
                continue
            }
            result += replacement
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// A part of a title, subtitle or body: text, or a marker of the localized
    /// text at `index` (U+E000, the index in decimal digits, U+E001).
    package enum TextPart {
        case text(Substring.UnicodeScalarView)
        case marker(index: Int, written: Substring.UnicodeScalarView)
    }

    /// The parts of `text` in order, read as Unicode scalars (what the engine
    /// fills in and what the ``Validator`` measures read it alike).
    package static func forEachPart<Failure: Error>(
        of text: String, _ body: (TextPart) throws(Failure) -> Void
    ) throws(Failure) {
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex
        var searchFrom = runStart
        while let open = scalars[searchFrom...].firstIndex(of: "\u{E000}") {
            let digitsStart = scalars.index(after: open)
            var close = digitsStart
            while close < scalars.endIndex, ("0"..."9").contains(scalars[close]) { scalars.formIndex(after: &close) }
            guard close > digitsStart, close < scalars.endIndex, scalars[close] == "\u{E001}",
                let index = Int(String(scalars[digitsStart..<close]))
            else {
                searchFrom = digitsStart
                continue
            }
            if runStart < open { try body(.text(scalars[runStart..<open])) }
            let end = scalars.index(after: close)
            try body(.marker(index: index, written: scalars[open..<end]))
            runStart = end
            searchFrom = end
        }
        if runStart < scalars.endIndex { try body(.text(scalars[runStart...])) }
    }

    /// `text` with each marker replaced by the localized text at its index in
    /// `texts` (a marker of no index in it is left as it is), cut after `limit`
    /// Unicode scalars.
    static func filling(_ text: String, with texts: [String], limit: Int) -> BoundedText {
        var output = BoundedText(limit: limit)
        forEachPart(of: text) { part in
            guard !output.isCut else { return }
            switch part {
            case .text(let run): output.append(run)
            case .marker(let index, let written):
                output.append(texts.indices.contains(index) ? texts[index].unicodeScalars[...] : written)
            }
        }
        return output
    }
}
