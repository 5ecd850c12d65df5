public import Foundation

extension HeraldClient {
    /// The bytes of an attachment of a delivery:
    /// `GET /v1/deliveries/{deliveryID}/attachments/{identifier}`.
    public func attachmentData(_ identifier: String, ofDelivery deliveryID: String) async throws -> Data {
        try await send(.get, ["v1", "deliveries", deliveryID, "attachments", identifier], query: [], body: Empty?.none, timeout: nil)
    }

    /// The bytes of an attachment of a pending request:
    /// `GET /v1/apps/{app}/requests/{identifier}/attachments/{attachment}`.
    public func attachmentData(
        _ identifier: String, ofPendingRequest requestIdentifier: String, for app: String
    ) async throws -> Data {
        try await send(
            .get, ["v1", "apps", app, "requests", requestIdentifier, "attachments", identifier], query: [],
            body: Empty?.none, timeout: nil)
    }
}
