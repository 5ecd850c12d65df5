import HeraldAPI
public import NotificationModel

extension HeraldClientError {
    /// The engine's error this refusal carries: the daemon sends engine errors
    /// with the code's name (`pendingLimitReached`, …); `nil` for the daemon's own
    /// codes (`unauthorized`, `notFound`, …) and for failures to reach it.
    public var notificationError: NotificationError? {
        guard code == .refused, let serverError, let engineCode = NotificationError.Code.named(serverError.code) else {
            return nil
        }
        return NotificationError(engineCode, serverError.message)
    }
}

extension NotificationError.Code {
    /// Every code of the engine, to find one by its name.
    static let all: [NotificationError.Code] = [
        .notificationsNotAllowed, .invalidNoDate, .invalidNoContent, .badgeInputInvalid, .invalidIdentifier,
        .invalidAppIdentifier, .payloadTooLarge, .invalidTrigger, .invalidRegion, .unknownCategory, .invalidCategory,
        .pendingLimitReached, .deliveryNotFound, .invalidResponse, .authenticationRequired, .storeFailure,
        .invalidPayload, .attachmentInvalidURL, .attachmentUnrecognizedType, .attachmentInvalidFileSize,
        .attachmentNotInDataStore, .attachmentMoveIntoDataStoreFailed, .attachmentCorrupt, .tooManyAttachments,
        .attachmentNotFound,
    ]

    /// The code with this name, such as `pendingLimitReached`.
    static func named(_ name: String) -> NotificationError.Code? {
        all.first { $0.description == name }
    }
}
