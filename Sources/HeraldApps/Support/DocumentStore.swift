import Foundation
import Synchronization

/// One app's document: the JSON it is saved as in a ``DocumentStorage``, and
/// the document as last read or saved.
///
/// A document that is not the app's JSON is a ``HeraldAppError`` with the code
/// `storeFailure`, never a crash. When the storage is shared, each operation of
/// the app runs in ``exclusively(_:)`` (its ``SerialQueue`` sees to it), which
/// reads the document afresh first: what another daemon saved is seen, and two
/// daemons' changes do not overwrite each other.
final class DocumentStore<Document: Codable & Sendable>: Sendable {
    let name: String
    private let storage: any DocumentStorage
    private let current: Mutex<Document>

    /// The document `name` in `storage`, or `empty` when it was never saved.
    ///
    /// - Throws: ``HeraldAppError`` `storeFailure` when it cannot be read or is not
    ///   the app's JSON.
    init(storage: any DocumentStorage, name: String, empty: Document) throws(HeraldAppError) {
        self.name = name
        self.storage = storage
        current = Mutex(try Self.read(name, from: storage) ?? empty)
    }

    /// The document, as last read or saved.
    var document: Document {
        current.withLock { $0 }
    }

    /// Saves `document` and makes it the current one; if saving fails, nothing changes.
    func save(_ document: Document) throws(HeraldAppError) {
        let data: Data
        do {
            data = try Self.encoder.encode(document)
        } catch {
            throw .storeFailure("cannot encode the data of \(name): \(error)")
        }
        do {
            try storage.save(name, data)
        } catch {
            throw HeraldAppError.storing(error, name)
        }
        current.withLock { $0 = document }
    }

    /// Runs `body` as the only operation on the document among the processes
    /// sharing it, after reading it afresh; with storage of one process, just runs it.
    func exclusively<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        guard storage.isShared else { return try await body() }
        return try await storage.exclusively(name) {
            if let fresh = try Self.read(self.name, from: self.storage) {
                self.current.withLock { $0 = fresh }
            }
            return try await body()
        }
    }

    /// Calls `handler` whenever another process saved the document.
    func observe(_ handler: @escaping @Sendable () -> Void) {
        storage.observe(name, handler)
    }

    private static func read(_ name: String, from storage: any DocumentStorage) throws(HeraldAppError) -> Document? {
        let data: Data?
        do {
            data = try storage.load(name)
        } catch {
            throw HeraldAppError.storing(error, name)
        }
        guard let data else { return nil }
        do {
            return try decoder.decode(Document.self, from: data)
        } catch {
            throw .storeFailure("\(name) is not a valid data file: \(error)")
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
