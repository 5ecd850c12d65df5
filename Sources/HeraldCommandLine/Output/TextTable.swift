import Foundation
import NotificationModel

/// Rows of text in aligned columns under a header, two spaces apart:
///
/// ```
/// ID        NEXT FIRE            TITLE
/// walk-dog  2026-12-01 09:00:00  Task Reminder
/// ```
package struct TextTable: Hashable, Sendable {
    package var headers: [String]
    package var rows: [[String]]

    package init(headers: [String], rows: [[String]]) {
        self.headers = headers
        self.rows = rows
    }

    /// The table's lines, each ending in a newline; the last column is not padded.
    /// Control characters in a cell are written out (``TerminalText``): a cell is one line.
    package var rendered: String {
        let all = ([headers] + rows).map { $0.map { TerminalText.escaped($0) } }
        let widths = headers.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            let cells = headers.indices.map { row.indices.contains($0) ? row[$0] : "" }
            let padded = cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            return String(padded.joined(separator: "  ").reversed().drop(while: { $0 == " " }).reversed()) + "\n"
        }.joined()
    }
}
