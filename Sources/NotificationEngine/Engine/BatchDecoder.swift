import Dispatch
import Foundation
import Synchronization

/// Decodes the requests of a batch of pending records before it fires: a large
/// batch is split over the machine's cores.
enum BatchDecoder {
    /// A batch smaller than this is decoded on the calling thread.
    static let parallelThreshold = 128

    /// Each record's request, or the error decoding it, in the records' order;
    /// split over the cores only `inParallel` (a batch read ahead is decoded on its
    /// own thread, beside the commit that has the other core).
    static func decode(_ records: [PendingRecord], inParallel: Bool = true) -> [Result<NotificationRequest, any Error>] {
        let chunks =
            inParallel && records.count >= parallelThreshold ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        guard chunks > 1 else { return decode(records[...]) }
        let size = (records.count + chunks - 1) / chunks
        let parts = Mutex<[Int: [Result<NotificationRequest, any Error>]]>([:])
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = min(records.count, chunk * size)..<min(records.count, (chunk + 1) * size)
            let part = decode(records[range])
            parts.withLock { $0[chunk] = part }
        }
        return parts.withLock { parts in (0..<chunks).flatMap { parts[$0] ?? [] } }
    }

    private static func decode(_ records: ArraySlice<PendingRecord>) -> [Result<NotificationRequest, any Error>] {
        records.map { record in Result { try record.payload.request() } }
    }
}
