import NotificationModel

extension UNError {
    /// The kind of a ``UNError``: Apple's `UNError.Code` values with Apple's names
    /// and numbers, then Herald's engine codes (4000…, the numbers of
    /// ``NotificationModel/NotificationError/Code``) and the facade's own (4900…).
    ///
    /// Compare with `==`, switch over it, or match a thrown error directly:
    /// `catch UNError.notificationInvalidNoDate { … }`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The raw value, Apple's bit or number.
        public let rawValue: Int

        /// The code with this number; numbers this version does not name are kept as they are.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        init(_ code: NotificationError.Code) {
            rawValue = code.rawValue
        }

        // MARK: Apple's codes

        /// The app is not authorized to post notifications (1).
        public static let notificationsNotAllowed = Code(NotificationError.Code.notificationsNotAllowed)
        /// An attachment's URL is not a file URL, or no readable file is there (100).
        public static let attachmentInvalidURL = Code(NotificationError.Code.attachmentInvalidURL)
        /// An attachment's file type is not supported (101).
        public static let attachmentUnrecognizedType = Code(NotificationError.Code.attachmentUnrecognizedType)
        /// An attachment is empty or larger than its type allows (102).
        public static let attachmentInvalidFileSize = Code(NotificationError.Code.attachmentInvalidFileSize)
        /// An attachment's bytes are no longer in the notification store (103).
        public static let attachmentNotInDataStore = Code(NotificationError.Code.attachmentNotInDataStore)
        /// An attachment could not be copied into the notification store (104).
        public static let attachmentMoveIntoDataStoreFailed = Code(
            NotificationError.Code.attachmentMoveIntoDataStoreFailed)
        /// An attachment's bytes do not match its type, or an attachment option is invalid (105).
        public static let attachmentCorrupt = Code(NotificationError.Code.attachmentCorrupt)
        /// The trigger can never fire: no date matches its components (1400).
        public static let notificationInvalidNoDate = Code(NotificationError.Code.invalidNoDate)
        /// The content has nothing to show or play (1401).
        public static let notificationInvalidNoContent = Code(NotificationError.Code.invalidNoContent)
        /// A content-providing object is not allowed (1500); never reported by Herald.
        public static let contentProvidingObjectNotAllowed = Code(rawValue: 1500)
        /// A content-providing object is invalid (1501); never reported by Herald.
        public static let contentProvidingInvalid = Code(rawValue: 1501)
        /// A badge number below zero (1600).
        public static let badgeInputInvalid = Code(NotificationError.Code.badgeInputInvalid)

        // MARK: Herald's engine codes

        /// A request, category or action identifier that is empty or too long (4000).
        public static let invalidIdentifier = Code(NotificationError.Code.invalidIdentifier)
        /// The center's app identifier is empty, too long or has characters outside `A-Z a-z 0-9 . - _` (4001).
        public static let invalidAppIdentifier = Code(NotificationError.Code.invalidAppIdentifier)
        /// The `userInfo` payload or a text is over its size limit (4002).
        public static let payloadTooLarge = Code(NotificationError.Code.payloadTooLarge)
        /// A time interval that is not > 0, or a repeating one under 60 s (4003). Apple's
        /// initializer crashes on these; Herald refuses them at `add`.
        public static let invalidTrigger = Code(NotificationError.Code.invalidTrigger)
        /// A region with an impossible centre or radius, or that notifies on nothing (4004).
        public static let invalidRegion = Code(NotificationError.Code.invalidRegion)
        /// The content names a category the app has not registered (4005).
        public static let unknownCategory = Code(NotificationError.Code.unknownCategory)
        /// A category with too many or duplicate actions (4006).
        public static let invalidCategory = Code(NotificationError.Code.invalidCategory)
        /// The app already has as many pending requests as allowed, all due sooner (4007).
        public static let pendingLimitReached = Code(NotificationError.Code.pendingLimitReached)
        /// No delivered notification with that identifier belongs to the app (4008).
        public static let deliveryNotFound = Code(NotificationError.Code.deliveryNotFound)
        /// A response naming an action the category does not have (4009).
        public static let invalidResponse = Code(NotificationError.Code.invalidResponse)
        /// The action requires an authenticated user (4010).
        public static let authenticationRequired = Code(NotificationError.Code.authenticationRequired)
        /// The engine's store failed (4012).
        public static let storeFailure = Code(NotificationError.Code.storeFailure)
        /// A payload JSON cannot encode, such as a number that is NaN or infinite (4013).
        public static let invalidPayload = Code(NotificationError.Code.invalidPayload)
        /// The service did not answer: the daemon could not be reached, the
        /// connection failed or the call was cancelled (4014).
        public static let serviceUnavailable = Code(NotificationError.Code.serviceUnavailable)
        /// A request with more than 10 attachments (Herald's limit), or two with one identifier (4015).
        public static let tooManyAttachments = Code(NotificationError.Code.tooManyAttachments)
        /// No attachment with that identifier belongs to the request or delivery (4016).
        public static let attachmentNotFound = Code(NotificationError.Code.attachmentNotFound)
        /// The app cannot register for remote notifications: no push service is
        /// configured, or it cannot be reached or refused (4017).
        public static let remoteNotificationsUnavailable = Code(NotificationError.Code.remoteNotificationsUnavailable)

        // MARK: The facade's codes

        /// ``UNUserNotificationCenter/configure(appIdentifier:service:)`` was called
        /// again with another app or service (4900).
        public static let centerAlreadyConfigured = Code(rawValue: 4900)
        /// A `userInfo` key that is not a string, or a value JSON cannot hold (a `Date`,
        /// `Data`, a custom object, a non-finite number) (4901).
        public static let invalidUserInfo = Code(rawValue: 4901)

        /// The code's name, or `"code N"` for a number this version does not name.
        public var description: String { Self.names[rawValue] ?? "code \(rawValue)" }

        /// Matches a thrown error with this code: `catch UNError.notificationsNotAllowed`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? UNError)?.code == code
        }

        private static let names: [Int: String] = [
            1: "notificationsNotAllowed",
            100: "attachmentInvalidURL", 101: "attachmentUnrecognizedType",
            102: "attachmentInvalidFileSize", 103: "attachmentNotInDataStore",
            104: "attachmentMoveIntoDataStoreFailed", 105: "attachmentCorrupt",
            1400: "notificationInvalidNoDate", 1401: "notificationInvalidNoContent",
            1500: "contentProvidingObjectNotAllowed", 1501: "contentProvidingInvalid",
            1600: "badgeInputInvalid",
            4000: "invalidIdentifier", 4001: "invalidAppIdentifier", 4002: "payloadTooLarge",
            4003: "invalidTrigger", 4004: "invalidRegion", 4005: "unknownCategory",
            4006: "invalidCategory", 4007: "pendingLimitReached", 4008: "deliveryNotFound",
            4009: "invalidResponse", 4010: "authenticationRequired",
            4012: "storeFailure", 4013: "invalidPayload", 4014: "serviceUnavailable",
            4015: "tooManyAttachments", 4016: "attachmentNotFound", 4017: "remoteNotificationsUnavailable",
            4900: "centerAlreadyConfigured", 4901: "invalidUserInfo",
        ]
    }
}
