import Synchronization

/// Text written by a command, collected for the test.
final class TextRecorder: Sendable {
    private let storage = Mutex("")

    /// Appends `text`.
    func append(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Everything written.
    var text: String { storage.withLock { $0 } }
}
