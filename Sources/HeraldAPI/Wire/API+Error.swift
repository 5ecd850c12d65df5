public import NotificationModel

extension API {
    /// The one error shape of the API: `{"error": {"code": …, "message": …}}`,
    /// sent with a 4xx or 5xx status.
    public struct ErrorBody: Codable, Sendable, Hashable, Error, CustomStringConvertible {
        /// The error itself.
        public struct Detail: Codable, Sendable, Hashable {
            /// A stable, machine-readable name: `pendingLimitReached`, `unauthorized`, ….
            public var code: ErrorCode
            /// A sentence for a person.
            public var message: String

            /// An error detail.
            public init(code: ErrorCode, message: String) {
                self.code = code
                self.message = message
            }
        }

        /// The error.
        public var error: Detail

        /// An error body with this code and message.
        public init(code: ErrorCode, message: String) {
            error = Detail(code: code, message: message)
        }

        /// `code: message`.
        public var description: String { "\(error.code.rawValue): \(error.message)" }
    }

    /// Every `code` an error body can carry: the daemon's own, the engine's (each
    /// ``NotificationModel/NotificationError/Code`` by its name) and the bundled
    /// apps'. The OpenAPI document lists the same names; tests hold the three together.
    public enum ErrorCode: String, Codable, Sendable, CaseIterable {
        // The daemon's own.
        case unauthorized, forbidden, notFound, conflict, badRequest, methodNotAllowed, `internal`
        case csrf, forbiddenHost, upgradeRequired, tooManyStreams, requestTimeout, pageMissing
        case invalidName, invalidWebhookURL, invalidClockAdvance, batchTooLarge, tooManyUploads, sessionKeyRequired
        case invalidPushKey, invalidTopic, invalidSubscription
        // The engine's (NotificationError.Code).
        case notificationsNotAllowed, attachmentInvalidURL, attachmentUnrecognizedType, attachmentInvalidFileSize
        case attachmentNotInDataStore, attachmentMoveIntoDataStoreFailed, attachmentCorrupt
        case invalidNoDate, invalidNoContent, badgeInputInvalid, invalidIdentifier, invalidAppIdentifier
        case payloadTooLarge, invalidTrigger, invalidRegion, unknownCategory, invalidCategory, pendingLimitReached
        case deliveryNotFound, invalidResponse, authenticationRequired, storeFailure, invalidPayload
        case tooManyAttachments, attachmentNotFound, serviceUnavailable, remoteNotificationsUnavailable
        case regionLimitReached
        // The bundled apps' (besides notFound, notificationsNotAllowed and storeFailure above).
        case invalidInput, limitReached, unknownAction

        /// The wire name of an engine error's code.
        public init(_ code: NotificationError.Code) {
            // Every engine code has a case of the same name (tested); a code
            // added to the engine alone is sent as `internal` until it gets one.
            self = ErrorCode(rawValue: code.description) ?? .internal
        }

        /// The engine's code of this name, `nil` for the daemon's and the apps' own.
        public var notificationErrorCode: NotificationError.Code? {
            NotificationError.Code.named(rawValue)
        }
    }
}
