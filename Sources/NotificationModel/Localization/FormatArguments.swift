/// A localized text's arguments as its format's conversions read them, with each
/// one's text (what `%@` writes) measured once, so that measuring a format that
/// writes a long argument many times costs no more than the format's length.
package struct FormatArguments: Sendable {
    /// The arguments as the app gave them.
    package let values: [JSONValue]
    /// Each argument as text.
    let texts: [String]
    /// Each text's length in Unicode scalars.
    let textLengths: [Int]

    package init(_ values: [JSONValue]) {
        self.values = values
        texts = values.map(\.plainText)
        textLengths = texts.map(\.unicodeScalars.count)
    }

    /// Argument `index`, or `null` past the last.
    subscript(index: Int) -> JSONValue {
        values.indices.contains(index) ? values[index] : .null
    }

    /// Argument `index` as text, or empty past the last.
    func text(_ index: Int) -> (text: String, length: Int) {
        texts.indices.contains(index) ? (texts[index], textLengths[index]) : ("", 0)
    }
}
