/// Text built up to a number of Unicode scalars: what goes beyond is dropped,
/// and ``isCut`` tells that something was. Appending costs no more than what is
/// kept, however long the piece.
package struct BoundedText: Sendable {
    private var scalars = String.UnicodeScalarView()
    private var remaining: Int
    /// Whether something appended did not fit.
    package private(set) var isCut = false

    /// Empty text that takes at most `limit` scalars.
    package init(limit: Int) {
        remaining = max(0, limit)
    }

    /// Appends `piece`, or as much of it as fits.
    package mutating func append(_ piece: some Sequence<Unicode.Scalar>) {
        guard !isCut else { return }
        for scalar in piece {
            guard remaining > 0 else {
                isCut = true
                return
            }
            scalars.append(scalar)
            remaining -= 1
        }
    }

    /// The text so far.
    package var text: String { String(scalars) }
}
