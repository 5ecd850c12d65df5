import HTTPTypes
import HeraldAPI
import Hummingbird
import NotificationEngine

/// A refusal by the daemon itself, before the engine is asked: sent as the API's
/// error shape with its status.
struct ServerError: Error, Sendable {
    var status: HTTPResponse.Status
    var code: API.ErrorCode
    var message: String
    /// Fields the error response carries besides its body, such as `Upgrade`.
    var headers: HTTPFields = [:]

    static func unauthorized(_ message: String) -> Self {
        ServerError(status: .unauthorized, code: .unauthorized, message: message)
    }
    static func forbidden(_ message: String) -> Self {
        ServerError(status: .forbidden, code: .forbidden, message: message)
    }
    static func notFound(_ message: String) -> Self {
        ServerError(status: .notFound, code: .notFound, message: message)
    }
    static func conflict(_ message: String) -> Self {
        ServerError(status: .conflict, code: .conflict, message: message)
    }
    static func badRequest(_ message: String) -> Self {
        ServerError(status: .badRequest, code: .badRequest, message: message)
    }
}

extension NotificationError {
    /// The HTTP status this engine error is sent with.
    var httpStatus: HTTPResponse.Status {
        switch code {
        case .notificationsNotAllowed, .authenticationRequired: .forbidden
        case .deliveryNotFound, .attachmentNotFound, .attachmentNotInDataStore: .notFound
        case .attachmentInvalidFileSize: .contentTooLarge
        // The daemon has no push service: its state, not a failure of it.
        case .pendingLimitReached, .remoteNotificationsUnavailable, .regionLimitReached: .conflict
        case .payloadTooLarge: .contentTooLarge
        case .storeFailure: .internalServerError
        case .serviceUnavailable: .serviceUnavailable
        default: .unprocessableContent
        }
    }
}
