import Foundation
import HeraldAPI
import Testing

/// `API.Delivery` on the wire: the fields a newer daemon adds (the category the
/// delivery was made with and the rules' results for it) are optional, so that a
/// delivery from an older daemon still decodes, and they are left out when absent.
@Suite("A delivery on the wire")
struct DeliveryWireTests {
    @Test("a delivery from an older daemon decodes without the four fields")
    func olderWire() throws {
        let json = #"{"id":"x","app":"a","request":{"identifier":"r","content":{"title":"T"}},"scheduledDate":"2026-12-01T09:00:00Z","date":"2026-12-01T09:00:00Z","isLate":false}"#
        let delivery = try API.decoder().decode(API.Delivery.self, from: Data(json.utf8))
        #expect(delivery.category == nil && delivery.bannerActions == nil && delivery.reportsDismissal == nil)
        #expect(delivery.answersOpeningApp == nil)
        let encoded = String(decoding: try API.encoder().encode(delivery), as: UTF8.self)
        for field in ["category", "bannerActions", "reportsDismissal", "answersOpeningApp"] {
            #expect(!encoded.contains("\"\(field)\""), "a field the delivery lacks is left out")
        }
    }
}
