import Foundation
import HeraldAPI
import NIOCore
import NotificationEngine
import Synchronization

/// The JSON of each app's pending list (`GET /v1/apps/{app}/requests`), kept for
/// as long as no pending request of any app changes.
///
/// An entry is tagged with the engine's ``NotificationEngine/pendingVersion`` of
/// the list it encodes and is served only while the version is the same, so a
/// list is never older than the last committed change: encoding 64 requests with
/// `JSONEncoder` costs far more than the rest of the route, and a list is often
/// read many times between changes.
final class PendingListCache: Sendable {
    private struct Entry {
        var version: UInt64
        var body: ByteBuffer
    }

    private let engine: NotificationEngine
    private let entries = Mutex<[AppIdentifier: Entry]>([:])

    init(engine: NotificationEngine) {
        self.engine = engine
    }

    /// `{"requests": [...]}` for `app`, as `JSONResponse` would encode the list now.
    func body(for app: AppIdentifier) throws -> ByteBuffer {
        let current = engine.pendingVersion
        if let entry = entries.withLock({ $0[app] }), entry.version == current {
            return entry.body
        }
        let (requests, version) = try engine.versionedPendingRequests(for: app)
        let body = ByteBuffer(bytes: try Self.encode(requests))
        entries.withLock { entries in
            if (entries[app]?.version).map({ $0 < version }) ?? true {
                entries[app] = Entry(version: version, body: body)
            }
        }
        return body
    }

    /// The list's JSON, without the cache.
    static func encode(_ requests: [PendingRequest]) throws -> [UInt8] {
        Array(try API.encoder().encode(["requests": requests.map(API.PendingRequest.init)]))
    }
}
