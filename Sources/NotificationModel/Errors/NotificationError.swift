/// Why the engine refused an operation. A refused operation changes nothing.
///
/// Codes that Apple's `UNError.Code` has keep its numbers
/// (``Code/notificationsNotAllowed`` is 1, ``Code/invalidNoDate`` 1400,
/// ``Code/invalidNoContent`` 1401, ``Code/badgeInputInvalid`` 1600, the attachment
/// codes 100…105); Herald's own
/// codes are numbered from 4000.
///
/// ```swift
/// do {
///     try await engine.add(request, for: app)
/// } catch let error as NotificationError where error.code == .pendingLimitReached {
///     print(error.message)   // "com.example.todo already has 64 pending requests …"
/// }
/// ```
public struct NotificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; compare with `==`: `error.code == .pendingLimitReached`.
    public struct Code: Hashable, Sendable, CustomStringConvertible, CaseIterable {
        private enum Base: Int, Hashable, Sendable, CaseIterable {
            case notificationsNotAllowed = 1
            case attachmentInvalidURL = 100
            case attachmentUnrecognizedType = 101
            case attachmentInvalidFileSize = 102
            case attachmentNotInDataStore = 103
            case attachmentMoveIntoDataStoreFailed = 104
            case attachmentCorrupt = 105
            case invalidNoDate = 1400
            case invalidNoContent = 1401
            case badgeInputInvalid = 1600
            case invalidIdentifier = 4000
            case invalidAppIdentifier = 4001
            case payloadTooLarge = 4002
            case invalidTrigger = 4003
            case invalidRegion = 4004
            case unknownCategory = 4005
            case invalidCategory = 4006
            case pendingLimitReached = 4007
            case deliveryNotFound = 4008
            case invalidResponse = 4009
            case authenticationRequired = 4010
            case storeFailure = 4012
            case invalidPayload = 4013
            case serviceUnavailable = 4014
            case tooManyAttachments = 4015
            case attachmentNotFound = 4016
            case remoteNotificationsUnavailable = 4017
            case regionLimitReached = 4018
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The app is not authorized to post notifications.
        public static let notificationsNotAllowed = Code(.notificationsNotAllowed)
        /// An attachment's URL is not a file URL, or there is no readable file at it.
        public static let attachmentInvalidURL = Code(.attachmentInvalidURL)
        /// An attachment's type is not one Herald supports (see ``AttachmentType``).
        public static let attachmentUnrecognizedType = Code(.attachmentUnrecognizedType)
        /// An attachment is empty or larger than its type allows (``AttachmentType/maximumSize``).
        public static let attachmentInvalidFileSize = Code(.attachmentInvalidFileSize)
        /// An attachment's bytes are no longer in the engine's attachment store.
        public static let attachmentNotInDataStore = Code(.attachmentNotInDataStore)
        /// An attachment's bytes could not be copied into the engine's attachment store.
        public static let attachmentMoveIntoDataStoreFailed = Code(.attachmentMoveIntoDataStoreFailed)
        /// An attachment's bytes do not start as its type's do, or its options are invalid.
        public static let attachmentCorrupt = Code(.attachmentCorrupt)
        /// The trigger can never fire: no date after now matches its components.
        public static let invalidNoDate = Code(.invalidNoDate)
        /// The content has nothing to show or play.
        public static let invalidNoContent = Code(.invalidNoContent)
        /// A badge number below zero.
        public static let badgeInputInvalid = Code(.badgeInputInvalid)
        /// A request, category or action identifier that is empty, too long or
        /// reserved; or a category, thread or sound name that is too long.
        public static let invalidIdentifier = Code(.invalidIdentifier)
        /// An app identifier that is empty, too long or has characters outside `A-Z a-z 0-9 . - _`.
        public static let invalidAppIdentifier = Code(.invalidAppIdentifier)
        /// A payload or text over its size limit.
        public static let payloadTooLarge = Code(.payloadTooLarge)
        /// A time interval that is not > 0, or repeats under 60 s; a calendar
        /// trigger's `notBefore` that is not a finite date.
        public static let invalidTrigger = Code(.invalidTrigger)
        /// A region with an impossible centre or radius, or that notifies on nothing.
        public static let invalidRegion = Code(.invalidRegion)
        /// The content names a category the app has not registered.
        public static let unknownCategory = Code(.unknownCategory)
        /// Categories that break a rule: too many of them, a duplicate identifier,
        /// too many or duplicate actions, an action title too long, or minimal actions
        /// that are not among the category's actions.
        public static let invalidCategory = Code(.invalidCategory)
        /// The app already has as many pending requests as allowed, all due sooner.
        public static let pendingLimitReached = Code(.pendingLimitReached)
        /// No delivery with that identifier belongs to the app, or it was already answered.
        public static let deliveryNotFound = Code(.deliveryNotFound)
        /// An action the delivery's category does not have, text for an action
        /// without a text field (or for a tap or dismissal), or no text for one with it.
        public static let invalidResponse = Code(.invalidResponse)
        /// The action requires an authenticated user.
        public static let authenticationRequired = Code(.authenticationRequired)
        /// The store failed (a disk error, a corrupt file).
        public static let storeFailure = Code(.storeFailure)
        /// A payload JSON cannot encode, such as a `userInfo` number that is NaN or infinite.
        public static let invalidPayload = Code(.invalidPayload)
        /// The service did not answer: the daemon could not be reached, the
        /// connection failed, or the call was cancelled. What was asked may or may
        /// not have been done.
        public static let serviceUnavailable = Code(.serviceUnavailable)

        /// A request with more than ``NotificationLimits/maximumAttachmentsPerRequest``
        /// attachments (Herald's own limit), or two with the same identifier.
        public static let tooManyAttachments = Code(.tooManyAttachments)
        /// No attachment with that identifier belongs to the request or delivery.
        public static let attachmentNotFound = Code(.attachmentNotFound)
        /// The app cannot register for remote notifications: no push service is
        /// configured, or it cannot be reached or refused.
        public static let remoteNotificationsUnavailable = Code(.remoteNotificationsUnavailable)
        /// The app already has 20 location-triggered requests pending, Core
        /// Location's limit of regions per app; the add is refused and changes nothing.
        public static let regionLimitReached = Code(.regionLimitReached)

        /// The numeric code; Apple's where it has one.
        public var rawValue: Int { base.rawValue }

        /// The code's name, such as `pendingLimitReached`.
        public var description: String { String(describing: base) }

        /// Every code, in the order of their numbers.
        public static var allCases: [Code] { Base.allCases.map(Code.init) }

        /// The code with this name (its ``description``), such as `pendingLimitReached`.
        public static func named(_ name: String) -> Code? {
            allCases.first { $0.description == name }
        }
    }

    /// The kind of failure, for a program to act on.
    public var code: Code
    /// What went wrong, for a person to read.
    public var message: String

    /// An error with `code` and a `message` that says what was wrong.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The code's name and number, then the message:
    /// `"pendingLimitReached (4007): com.example.todo already has …"`.
    public var description: String { "\(code) (\(code.rawValue)): \(message)" }
}

extension NotificationError {
    /// Any error a service call threw, as a `NotificationError`: itself if it is
    /// one, otherwise ``Code/serviceUnavailable`` with the error's description —
    /// for the Apple-shaped calls that have no error channel and publish what
    /// went wrong instead.
    public init(reporting error: any Error) {
        if let error = error as? NotificationError {
            self = error
        } else if error is CancellationError {
            self.init(.serviceUnavailable, "the call was cancelled")
        } else {
            self.init(.serviceUnavailable, String(describing: error))
        }
    }
}
