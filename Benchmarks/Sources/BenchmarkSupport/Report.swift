import Foundation

/// A Markdown table, printed after each workload.
public struct Table {
    /// Column titles; a title ending in `>` is right-aligned (the `>` is dropped).
    public let columns: [String]
    public var rows: [[String]] = []

    public init(_ columns: [String]) {
        self.columns = columns
    }

    public mutating func add(_ cells: String...) {
        rows.append(cells)
    }

    public mutating func add(_ cells: [String]) {
        rows.append(cells)
    }

    public var text: String {
        let titles = columns.map { $0.hasSuffix(">") ? String($0.dropLast()) : $0 }
        let rule = columns.map { $0.hasSuffix(">") ? "---:" : "---" }
        return ([titles, rule] + rows).map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
    }
}

/// `value` with `digits` decimals.
public func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    return String(format: "%.\(digits)f", value)
}

/// `value` rounded, with thousands separated by commas: `52,340`.
public func grouped(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let digits = String(Int(value.rounded()).magnitude)
    var groups: [Substring] = []
    var end = digits.endIndex
    while end > digits.startIndex {
        let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
        groups.insert(digits[start..<end], at: 0)
        end = start
    }
    return (value < 0 ? "-" : "") + groups.joined(separator: ",")
}

/// "yes", or a bold "**no**", for a goal.
public func met(_ isMet: Bool) -> String {
    isMet ? "yes" : "**no**"
}
