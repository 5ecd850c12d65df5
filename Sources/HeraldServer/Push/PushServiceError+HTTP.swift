import HTTPTypes
import HeraldAPI
import PushService

extension PushServiceError {
    /// The API's error for this refusal: the status and code a client acts on.
    var serverError: ServerError {
        switch code {
        case .invalidIdentifier: ServerError(status: .unprocessableContent, code: .invalidIdentifier, message: message)
        case .invalidKey: ServerError(status: .unprocessableContent, code: .invalidPushKey, message: message)
        case .invalidTopic: ServerError(status: .unprocessableContent, code: .invalidTopic, message: message)
        case .topicTaken: ServerError.conflict(message)
        case .keyNotFound, .deviceNotFound, .browserNotFound: ServerError.notFound(message)
        case .invalidInvite: ServerError.forbidden(message)
        case .invalidCredential: ServerError.unauthorized(message)
        case .tooManySubscriptions: ServerError(status: .tooManyRequests, code: .limitReached, message: message)
        case .storeFailure, .keyTaken: ServerError(status: .internalServerError, code: .storeFailure, message: message)
        }
    }
}
