public import Foundation
public import NotificationModel

/// The domain of ``UNError`` when it is seen as an `NSError`.
public let UNErrorDomain: String = "UNErrorDomain"

/// Why the notification center refused an operation, shaped like Apple's `UNError`.
///
/// Every error the engine reports (a ``NotificationModel/NotificationError``)
/// reaches the app as a `UNError` with the same numeric code and the engine's
/// message. Codes Apple defines keep Apple's names and numbers; Herald's own
/// codes are numbered from 4000 (see ``Code``).
///
/// ```swift
/// do {
///     try await center.add(request)
/// } catch UNError.notificationsNotAllowed {
///     showSettingsHint()
/// } catch let error as UNError {
///     print(error.code, error.localizedDescription)
/// }
/// ```
public struct UNError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public var code: Code
    /// What went wrong, for a person to read; also the error's `localizedDescription`.
    public var message: String

    /// An error with a code and a message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The facade's form of an engine error: the same numeric code and message.
    public init(_ error: NotificationError) {
        self.init(Code(rawValue: error.code.rawValue), error.message)
    }

    /// `"notificationsNotAllowed (1): …"`.
    public var description: String { "\(code) (\(code.rawValue)): \(message)" }

    /// A thrown error as the app sees it: an engine error becomes a `UNError`;
    /// any other error (a cancellation, a transport failure) passes through.
    static func converting(_ error: any Error) -> any Error {
        if let error = error as? NotificationError { return UNError(error) }
        return error
    }
}

extension UNError: CustomNSError, LocalizedError {
    /// ``UNErrorDomain``.
    public static var errorDomain: String { UNErrorDomain }

    /// The numeric code, ``Code/rawValue``.
    public var errorCode: Int { code.rawValue }

    /// The message under `NSLocalizedDescriptionKey`.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }

    /// The message.
    public var errorDescription: String? { message }
}
