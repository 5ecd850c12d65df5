extension LocalizedFormat {
    /// The format with its conversions filled in from `arguments`, cut after
    /// `limit` Unicode scalars.
    package func filled(with arguments: FormatArguments, limit: Int = .max) -> String {
        var output = BoundedText(limit: limit)
        fill(into: &output, with: arguments)
        return output.text
    }

    /// Appends the filled-in format to `output`, stopping when it is full.
    package func fill(into output: inout BoundedText, with arguments: FormatArguments) {
        for segment in segments where !output.isCut {
            switch segment {
            case .text(let text): output.append(text.unicodeScalars)
            case .conversion(let conversion): output.append(conversion.text(for: arguments).unicodeScalars)
            }
        }
    }

    /// How many Unicode scalars ``filled(with:limit:)`` writes without a limit,
    /// measured without writing it (`Int.max` if more).
    package func filledLength(with arguments: FormatArguments) -> Int {
        var length = 0
        for segment in segments {
            let piece =
                switch segment {
                case .text(let text): text.unicodeScalars.count
                case .conversion(let conversion): conversion.length(for: arguments)
                }
            let (sum, overflow) = length.addingReportingOverflow(piece)
            length = overflow ? .max : sum
        }
        return length
    }
}
