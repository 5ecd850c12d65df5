import Foundation
import NotificationEngine
import Synchronization

/// A presenter that appends one line per delivery to a log file and never
/// writes the same delivery twice, even across crashes: it reads the log back
/// when it starts. Lines are `<delivery id> <request identifier> <scheduled ms> <late>`.
final class DeliveryLog: Presenter {
    private let handle: FileHandle
    private let written: Mutex<Set<String>>

    init(path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        // A run killed in the middle of a line did not show that delivery: the
        // partial line goes, and its delivery is written whole when shown again.
        let existing = try Data(contentsOf: URL(fileURLWithPath: path))
        let whole = existing.lastIndex(of: UInt8(ascii: "\n")).map { existing.index(after: $0) } ?? existing.startIndex
        let lines = String(decoding: existing[..<whole], as: UTF8.self)
        written = Mutex(Set(lines.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }))
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(whole - existing.startIndex))
        try handle.seekToEnd()
    }

    /// The request identifiers logged so far.
    static func identifiers(in path: String) -> Set<String> {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count == 4 ? String(fields[1]) : nil
        })
    }

    func present(_ presentation: Presentation) {
        let delivery = presentation.delivery
        let id = delivery.id.description
        guard written.withLock({ $0.insert(id).inserted }) else { return }
        let scheduled = Int((delivery.scheduledDate.timeIntervalSince1970 * 1000).rounded())
        let line = "\(id) \(delivery.request.identifier) \(scheduled) \(delivery.isLate)\n"
        handle.write(Data(line.utf8))
    }
}
