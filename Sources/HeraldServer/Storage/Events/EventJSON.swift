import Foundation
import HeraldAPI

/// An event of the stream as the API's JSON, written by hand (``JSONWriter``):
/// the same value `API.encoder()` encodes, at a fraction of the cost. Every event
/// is encoded as it happens, for the stream's subscribers and to bound the bytes
/// its log keeps, so a push pays for its `delivered` and `presented` events here.
///
/// Deliveries, their requests and contents, presentations and responses are
/// written field by field, keys sorted as `API.encoder()` sorts them; the parts
/// that are rare on the way of a notification (a category, actions, attachments,
/// localizations, a trigger other than a push's) go through `API.encoder()`.
enum EventJSON {
    /// `event` as the stream sends it.
    ///
    /// - Throws: `EncodingError` for a number JSON cannot hold, as `JSONEncoder` does.
    static func encode(_ event: API.Event) throws -> String {
        var writer = JSONWriter()
        try writer.event(event)
        return writer.text
    }
}
