import HTTPTypes
import HeraldAPI
import PushService

extension PushResourceRefusal {
    /// The daemon's error for this refusal: RFC 8030's status, in the API's error shape.
    var serverError: ServerError {
        let code: API.ErrorCode =
            switch self.code {
            case .notFound: .notFound
            case .invalidHeader: .badRequest
            case .payloadTooLarge: .payloadTooLarge
            case .unsupportedEncoding: .invalidInput
            case .unauthorized: .unauthorized
            case .forbidden: .forbidden
            case .tooManyMessages: .limitReached
            }
        return ServerError(status: HTTPResponse.Status(code: status), code: code, message: message)
    }
}
