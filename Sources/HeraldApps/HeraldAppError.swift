import NotificationModel
import UserNotifications

/// Why an app refused an action. A refused action changes nothing.
///
/// The daemon answers with `{"error": {"code", "message"}}` and a status chosen
/// by ``code``: `invalidInput` 422, `notFound` and `unknownAction` 404,
/// `limitReached` and `notificationsNotAllowed` 409, `storeFailure` and `pageMissing` 500.
///
/// ```swift
/// do {
///     _ = try await todo.handle(action: "add", body: ["title": ""])
/// } catch let error as HeraldAppError where error.code == .invalidInput {
///     print(error.message)   // "the title is empty"
/// }
/// ```
public struct HeraldAppError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The action's body is missing a field, has one of the wrong type, or a bad value.
        case invalidInput
        /// The item, task or reminder named does not exist.
        case notFound
        /// The list is full (Todo: 64 items, the most iOS keeps scheduled).
        case limitReached
        /// The app has no action with this name.
        case unknownAction
        /// The app's data file cannot be read or written.
        case storeFailure
        /// The user has not allowed (or not yet answered whether to allow) the app's notifications.
        case notificationsNotAllowed
        /// The app's page files are missing from the module's resource bundle (a broken installation).
        case pageMissing
    }

    /// The kind of failure.
    public var code: Code
    /// What went wrong, for a person.
    public var message: String

    /// An error with this code and message.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }
}

extension HeraldAppError {
    static func invalidInput(_ message: String) -> Self { Self(code: .invalidInput, message: message) }
    static func notFound(_ message: String) -> Self { Self(code: .notFound, message: message) }
    static func limitReached(_ message: String) -> Self { Self(code: .limitReached, message: message) }
    static func storeFailure(_ message: String) -> Self { Self(code: .storeFailure, message: message) }
    static func pageMissing(_ message: String) -> Self { Self(code: .pageMissing, message: message) }

    /// The app's error for a failure of its document's storage.
    static func storing(_ error: any Error, _ name: String) -> Self {
        (error as? HeraldAppError) ?? storeFailure("cannot keep \(name): \(error)")
    }

    static func notificationsNotAllowed(_ message: String) -> Self {
        Self(code: .notificationsNotAllowed, message: message)
    }

    static func unknownAction(_ action: String, of app: String) -> Self {
        Self(code: .unknownAction, message: "\(app) has no action \"\(action)\"")
    }

    /// The app's error for a failure of the notification service: a refusal the
    /// user can act on keeps its meaning, anything else is a store failure.
    static func converting(_ error: any Error) -> Self {
        switch error {
        case let error as HeraldAppError:
            return error
        case let error as NotificationError:
            return converting(code: error.code.rawValue, error.message)
        case let error as UNError:
            return converting(code: error.code.rawValue, error.message)
        default:
            return storeFailure("the notification service failed: \(error)")
        }
    }

    private static func converting(code: Int, _ message: String) -> Self {
        switch code {
        case NotificationError.Code.notificationsNotAllowed.rawValue: notificationsNotAllowed(message)
        case NotificationError.Code.pendingLimitReached.rawValue: limitReached(message)
        case NotificationError.Code.storeFailure.rawValue: storeFailure(message)
        default: invalidInput(message)
        }
    }
}
