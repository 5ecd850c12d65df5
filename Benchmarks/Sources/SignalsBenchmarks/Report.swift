/// Result rows, goals, and the Markdown table printed at the end of a run.

/// A target a workload's result must meet.
enum Goal {
    /// OpenCombine's time / Signals' time must be at least this.
    case fasterThanOpenCombine(Double)
    /// Signals' time / the floor's time must be at most this.
    case withinFloor(Double)
    /// Signals' time per event must be at most this many nanoseconds.
    case atMostNanoseconds(Double)

    var text: String {
        switch self {
        case .fasterThanOpenCombine(let factor): "OC/S ≥ \(format(factor, digits: 0))"
        case .withinFloor(let factor): "S/floor ≤ \(format(factor, digits: 1))"
        case .atMostNanoseconds(let limit): "S ≤ \(format(limit, digits: 0)) ns"
        }
    }

    func isMet(by row: Row) -> Bool {
        switch self {
        case .fasterThanOpenCombine(let factor):
            guard let ratio = row.openCombineRatio else { return false }
            return ratio >= factor
        case .withinFloor(let factor):
            guard let ratio = row.floorRatio else { return false }
            return ratio <= factor
        case .atMostNanoseconds(let limit):
            return row.signals.nanosecondsPerEvent <= limit
        }
    }
}

/// The measured result of one workload.
struct Row {
    let id: String
    let title: String
    let signals: Sample
    let openCombine: Sample?
    let floor: Sample?
    let otherFloor: (title: String, sample: Sample)?
    let goals: [Goal]

    /// Measures the Signals side, and the OpenCombine side and floor when given, interleaved.
    init(measuring sides: Sides) {
        let bodies = [sides.signals, sides.openCombine, sides.floor, sides.otherFloor?.body].compactMap { $0 }
        var samples = Harness.measure(events: sides.events, bodies)[...]
        id = sides.id
        title = sides.title
        goals = sides.goals
        signals = samples.removeFirst()
        openCombine = sides.openCombine == nil ? nil : samples.removeFirst()
        floor = sides.floor == nil ? nil : samples.removeFirst()
        otherFloor = sides.otherFloor.map { ($0.title, samples.removeFirst()) }
    }

    var openCombineRatio: Double? {
        openCombine.map { $0.nanosecondsPerEvent / signals.nanosecondsPerEvent }
    }

    var floorRatio: Double? {
        floor.map { signals.nanosecondsPerEvent / $0.nanosecondsPerEvent }
    }

    /// Checksums of the sides that must agree (they compute the same sum).
    var checksumsAgree: Bool {
        [openCombine, floor, otherFloor?.sample].compactMap { $0 }.allSatisfy { $0.checksum == signals.checksum }
    }
}

enum Report {
    static func table(_ rows: [Row]) -> String {
        var lines = [
            "| | workload | Signals ns/event | OpenCombine ns/event | floor ns/event | OC / Signals | Signals / floor | goal | met |",
            "|---|---|---:|---:|---:|---:|---:|---|---|",
        ]
        for row in rows {
            let goals = row.goals.map(\.text).joined(separator: ", ")
            let met = row.goals.map { $0.isMet(by: row) ? "yes" : "**no**" }.joined(separator: ", ")
            let cells = [
                row.id, row.title,
                format(row.signals.nanosecondsPerEvent, digits: 1),
                row.openCombine.map { format($0.nanosecondsPerEvent, digits: 1) } ?? "—",
                row.floor.map { format($0.nanosecondsPerEvent, digits: 2) } ?? "—",
                row.openCombineRatio.map { format($0, digits: 1) + "×" } ?? "—",
                row.floorRatio.map { format($0, digits: 2) + "×" } ?? "—",
                goals, met,
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
            if let (title, floor) = row.otherFloor {
                let ratio = row.signals.nanosecondsPerEvent / floor.nanosecondsPerEvent
                let cells = [
                    row.id, "floor: " + title, format(row.signals.nanosecondsPerEvent, digits: 1), "—",
                    format(floor.nanosecondsPerEvent, digits: 2), "—", format(ratio, digits: 2) + "×", "—", "—",
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Formats `value` with a fixed number of decimals (no Foundation needed).
func format(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    let whole = magnitude / UInt(scale)
    guard digits > 0 else { return sign + "\(whole)" }
    let fraction = String(magnitude % UInt(scale))
    return sign + "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
}
