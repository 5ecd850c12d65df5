extension UNError {
    // Apple's shorthands: `UNError.notificationsNotAllowed` is `UNError.Code.notificationsNotAllowed`,
    // so `catch UNError.notificationsNotAllowed` reads as on Apple's platforms.

    /// ``Code/notificationsNotAllowed``.
    public static var notificationsNotAllowed: Code { .notificationsNotAllowed }
    /// ``Code/attachmentInvalidURL``.
    public static var attachmentInvalidURL: Code { .attachmentInvalidURL }
    /// ``Code/attachmentUnrecognizedType``.
    public static var attachmentUnrecognizedType: Code { .attachmentUnrecognizedType }
    /// ``Code/attachmentInvalidFileSize``.
    public static var attachmentInvalidFileSize: Code { .attachmentInvalidFileSize }
    /// ``Code/attachmentNotInDataStore``.
    public static var attachmentNotInDataStore: Code { .attachmentNotInDataStore }
    /// ``Code/attachmentMoveIntoDataStoreFailed``.
    public static var attachmentMoveIntoDataStoreFailed: Code { .attachmentMoveIntoDataStoreFailed }
    /// ``Code/attachmentCorrupt``.
    public static var attachmentCorrupt: Code { .attachmentCorrupt }
    /// ``Code/notificationInvalidNoDate``.
    public static var notificationInvalidNoDate: Code { .notificationInvalidNoDate }
    /// ``Code/notificationInvalidNoContent``.
    public static var notificationInvalidNoContent: Code { .notificationInvalidNoContent }
    /// ``Code/contentProvidingObjectNotAllowed``.
    public static var contentProvidingObjectNotAllowed: Code { .contentProvidingObjectNotAllowed }
    /// ``Code/contentProvidingInvalid``.
    public static var contentProvidingInvalid: Code { .contentProvidingInvalid }
    /// ``Code/badgeInputInvalid``.
    public static var badgeInputInvalid: Code { .badgeInputInvalid }
    /// ``Code/invalidIdentifier``.
    public static var invalidIdentifier: Code { .invalidIdentifier }
    /// ``Code/invalidAppIdentifier``.
    public static var invalidAppIdentifier: Code { .invalidAppIdentifier }
    /// ``Code/payloadTooLarge``.
    public static var payloadTooLarge: Code { .payloadTooLarge }
    /// ``Code/invalidTrigger``.
    public static var invalidTrigger: Code { .invalidTrigger }
    /// ``Code/invalidRegion``.
    public static var invalidRegion: Code { .invalidRegion }
    /// ``Code/unknownCategory``.
    public static var unknownCategory: Code { .unknownCategory }
    /// ``Code/invalidCategory``.
    public static var invalidCategory: Code { .invalidCategory }
    /// ``Code/pendingLimitReached``.
    public static var pendingLimitReached: Code { .pendingLimitReached }
    /// ``Code/deliveryNotFound``.
    public static var deliveryNotFound: Code { .deliveryNotFound }
    /// ``Code/invalidResponse``.
    public static var invalidResponse: Code { .invalidResponse }
    /// ``Code/authenticationRequired``.
    public static var authenticationRequired: Code { .authenticationRequired }
    /// ``Code/storeFailure``.
    public static var storeFailure: Code { .storeFailure }
    /// ``Code/invalidPayload``.
    public static var invalidPayload: Code { .invalidPayload }
    /// ``Code/centerAlreadyConfigured``.
    public static var centerAlreadyConfigured: Code { .centerAlreadyConfigured }
    /// ``Code/invalidUserInfo``.
    public static var invalidUserInfo: Code { .invalidUserInfo }
}
